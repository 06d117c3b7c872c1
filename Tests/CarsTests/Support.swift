import Localization

let english = Catalogues.cars[.en]
let russian = Catalogues.cars[.ru]
let polish = Catalogues.cars[.pl]
