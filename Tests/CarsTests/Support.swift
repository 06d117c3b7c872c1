import Localization

let english = Catalogues.bundled[.en]
let russian = Catalogues.bundled[.ru]
let polish = Catalogues.bundled[.pl]
