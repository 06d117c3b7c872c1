import Cars
import Localization
import Testing

@Suite("Body names")
struct BodyTests {
    @Test(arguments: [
        (Body.sedan, "Sedan", "Седан", "Sedan"),
        (.hatchback, "Hatchback", "Хэтчбек", "Hatchback"),
        (.wagon, "Wagon", "Универсал", "Kombi"),
        (.coupe, "Coupe", "Купе", "Coupé"),
        (.convertible, "Convertible", "Кабриолет", "Kabriolet"),
        (.suv, "SUV", "Внедорожник", "SUV"),
        (.minivan, "Minivan", "Минивэн", "Minivan"),
        (.pickup, "Pickup", "Пикап", "Pickup"),
    ])
    func localizedNames(body: Body, en: String, ru: String, pl: String) {
        #expect(body.localizedName(in: english) == en)
        #expect(body.localizedName(in: russian) == ru)
        #expect(body.localizedName(in: polish) == pl)
    }

    @Test func everyBodyHasANameInEveryLanguage() {
        for language in Language.allCases {
            let catalogue = Catalogues.cars[language]
            for body in Body.allCases {
                #expect(catalogue.strings[body.nameKey] != nil, "\(language): \(body.nameKey)")
            }
        }
    }

    @Test func parsesRawValuesAndNamesInAnyLanguage() {
        #expect(Body(parsing: "sedan") == .sedan)
        #expect(Body(parsing: "  SUV \n") == .suv)
        #expect(Body(parsing: "Minivan") == .minivan)
        #expect(Body(parsing: "внедорожник") == .suv)
        #expect(Body(parsing: "Универсал") == .wagon)
        #expect(Body(parsing: "kombi") == .wagon)
        #expect(Body(parsing: "Kabriolet") == .convertible)
        #expect(Body(parsing: "coupé") == .coupe)
        #expect(Body(parsing: "купе") == .coupe)
    }

    @Test func refusesAnythingElse() {
        #expect(Body(parsing: "") == nil)
        #expect(Body(parsing: "   ") == nil)
        #expect(Body(parsing: "boat") == nil)
        #expect(Body(parsing: "sedans") == nil)
        #expect(Body(parsing: "1") == nil)
    }
}
