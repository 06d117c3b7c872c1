import Cars
import Localization
import Testing

@Suite("cars catalogue")
struct CarsCatalogueTests {
    @Test func everyCarsKeyExistsInEveryLanguage() {
        let keys = Language.allCases.map { language in
            Set(Catalogues.cars[language].strings.keys.filter { $0.hasPrefix("cars.") })
        }
        #expect(keys[0].count > 40)
        for (language, languageKeys) in zip(Language.allCases, keys) {
            #expect(languageKeys == keys[0], "\(language) differs: \(languageKeys.symmetricDifference(keys[0]).sorted())")
        }
    }

    @Test func everyKeyTheCoreUsesIsThere() {
        let errors: [CarFieldError] = [.required, .notANumber, .yearOutOfRange(min: 1, max: 2), .invalidCharacters, .controlCharacters, .unknownBody]
        let pluralKeys = PluralCategory.allCases.map { "cars.error.tooLong.\($0.rawValue)" }
        let keys = Body.allCases.map(\.nameKey) + CarField.allCases.map(\.labelKey) + errors.map(\.messageKey) + pluralKeys
        for language in Language.allCases {
            let catalogue = Catalogues.cars[language]
            for key in keys {
                #expect(catalogue.strings[key]?.isEmpty == false, "\(language): \(key)")
            }
        }
    }

    @Test func placeholdersMatchAcrossLanguages() throws {
        let placeholder = /\{[a-zA-Z]+\}/
        let english = Catalogues.cars[.en].strings.filter { $0.key.hasPrefix("cars.") }
        for language in [Language.ru, .pl] {
            let other = Catalogues.cars[language].strings
            for (key, text) in english {
                let wanted = Set(text.matches(of: placeholder).map { String($0.output) })
                let found = Set((other[key] ?? "").matches(of: placeholder).map { String($0.output) })
                #expect(found == wanted, "\(language): \(key)")
            }
        }
    }

    @Test func listCountsUseEachLanguagesPlurals() {
        let key = "cars.list.count"
        #expect([1, 2, 5].map { english.plural(key, count: $0) } == ["1 car:", "2 cars:", "5 cars:"])
        #expect([1, 3, 5, 11, 21, 22].map { russian.plural(key, count: $0) }
            == ["1 автомобиль:", "3 автомобиля:", "5 автомобилей:", "11 автомобилей:", "21 автомобиль:", "22 автомобиля:"])
        #expect([1, 4, 5, 12, 22].map { polish.plural(key, count: $0) }
            == ["1 samochód:", "4 samochody:", "5 samochodów:", "12 samochodów:", "22 samochody:"])
    }
}
