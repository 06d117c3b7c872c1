import Cars
import Localization
import Testing

@Suite("Car validation")
struct CarValidatorTests {
    let year = 2026

    func errors(_ draft: CarDraft) -> [CarField: CarFieldError] {
        switch draft.validate(currentYear: year) {
        case .success: [:]
        case .failure(let failure): failure.errors
        }
    }

    func car(_ draft: CarDraft) -> NewCar? {
        try? draft.validate(currentYear: year).get()
    }

    let valid = CarDraft(manufacturer: "Toyota", model: "Camry", body: "sedan", yearOfIssue: "2015", carNumber: "A123BC")

    // MARK: Whole drafts

    @Test func aValidDraftGivesTheTrimmedCar() {
        let draft = CarDraft(manufacturer: "  Toyota ", model: "\tCamry\n", body: " sedan ", yearOfIssue: " 2015 ", carNumber: "  А123ВС 77  ")
        #expect(car(draft) == NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2015, carNumber: "А123ВС 77"))
    }

    @Test func optionalFieldsMayBeEmptyOrBlank() {
        let draft = CarDraft(manufacturer: "Lada", model: "Niva", body: "suv", yearOfIssue: "  ", carNumber: " ")
        #expect(car(draft) == NewCar(manufacturer: "Lada", model: "Niva", body: .suv))
    }

    @Test func anEmptyDraftReportsEveryRequiredField() {
        #expect(errors(CarDraft()) == [.manufacturer: .required, .model: .required, .body: .required])
    }

    @Test func everyBadFieldIsReportedAtOnce() {
        let draft = CarDraft(manufacturer: " ", model: String(repeating: "x", count: 65), body: "boat", yearOfIssue: "1700", carNumber: "A_1")
        let failure = CarValidationErrors([
            .manufacturer: .required, .model: .tooLong(max: 64), .body: .unknownBody,
            .yearOfIssue: .yearOutOfRange(min: 1886, max: 2027), .carNumber: .invalidCharacters,
        ])
        #expect(draft.validate(currentYear: year) == .failure(failure))
        #expect(failure.fields == CarField.allCases)
        #expect(failure[.body] == .unknownBody)
        #expect(failure[.yearOfIssue]?.message(in: english) == "The year must be from 1886 to 2027.")
    }

    @Test func aDraftRefillsFromACar() {
        let car = NewCar(manufacturer: "Lada", model: "Niva", body: .suv, yearOfIssue: nil, carNumber: "X1")
        let draft = CarDraft(car)
        #expect(draft == CarDraft(manufacturer: "Lada", model: "Niva", body: "suv", yearOfIssue: "", carNumber: "X1"))
        #expect(self.car(draft) == car)
        #expect(CarDraft(Car(id: 9, manufacturer: "Lada", model: "Niva", body: .suv, carNumber: "X1")) == draft)
        var edited = draft
        edited[.yearOfIssue] = "1999"
        #expect(edited.yearOfIssue == "1999")
        #expect(edited[.manufacturer] == "Lada")
    }

    // MARK: Manufacturer and model

    @Test(arguments: [CarField.manufacturer, .model])
    func namesAreRequired(field: CarField) {
        for blank in ["", "   ", "\n\t"] {
            var draft = valid
            draft[field] = blank
            #expect(errors(draft) == [field: .required])
        }
    }

    @Test(arguments: [CarField.manufacturer, .model])
    func namesHoldAtMost64Characters(field: CarField) {
        var draft = valid
        draft[field] = String(repeating: "я", count: 64)
        #expect(errors(draft).isEmpty)
        draft[field] = String(repeating: "я", count: 65)
        #expect(errors(draft) == [field: .tooLong(max: 64)])
        // Characters, not scalars or bytes: a family emoji is one character of five scalars.
        draft[field] = String(repeating: "👨‍👩‍👧", count: 64)
        #expect(errors(draft).isEmpty)
        // Surrounding whitespace doesn't count.
        draft[field] = "  " + String(repeating: "b", count: 64) + "  "
        #expect(errors(draft).isEmpty)
    }

    @Test(arguments: [CarField.manufacturer, .model])
    func namesAreOneLine(field: CarField) {
        var draft = valid
        draft[field] = "Mercedes\nBenz"
        #expect(errors(draft) == [field: .controlCharacters])
        draft[field] = "Mercedes\tBenz"
        #expect(errors(draft) == [field: .controlCharacters])
        draft[field] = "Mercedes-Benz"
        #expect(errors(draft).isEmpty)
    }

    @Test func fieldRulesReturnTrimmedValues() {
        #expect(CarValidator.manufacturer("  BMW ") == .success("BMW"))
        #expect(CarValidator.model(" X5") == .success("X5"))
        #expect(CarValidator.body(" Pickup ") == .success(.pickup))
    }

    // MARK: Body

    @Test func bodyIsRequiredAndMustBeKnown() {
        #expect(CarValidator.body("") == .failure(.required))
        #expect(CarValidator.body("  ") == .failure(.required))
        #expect(CarValidator.body("truck") == .failure(.unknownBody))
        for body in Body.allCases {
            #expect(CarValidator.body(body.rawValue) == .success(body))
        }
        #expect(CarValidator.body("кабриолет") == .success(.convertible))
    }

    // MARK: Year of issue

    @Test func yearIsOptional() {
        #expect(CarValidator.yearOfIssue("", currentYear: year) == .success(nil))
        #expect(CarValidator.yearOfIssue(" \t", currentYear: year) == .success(nil))
    }

    @Test func yearRunsFrom1886ToNextYear() {
        let range = CarFieldError.yearOutOfRange(min: 1886, max: 2027)
        #expect(CarValidator.yearOfIssue("1885", currentYear: year) == .failure(range))
        #expect(CarValidator.yearOfIssue("1886", currentYear: year) == .success(1886))
        #expect(CarValidator.yearOfIssue(" 2026 ", currentYear: year) == .success(2026))
        #expect(CarValidator.yearOfIssue("2027", currentYear: year) == .success(2027))
        #expect(CarValidator.yearOfIssue("2028", currentYear: year) == .failure(range))
        #expect(CarValidator.yearOfIssue("1700", currentYear: year) == .failure(range))
        #expect(CarValidator.yearOfIssue("-5", currentYear: year) == .failure(range))
        #expect(CarValidator.yearOfIssue("99999999999999999999999", currentYear: year) == .failure(range))
    }

    @Test func yearRangeFollowsTheInjectedYear() {
        #expect(CarValidator.yearOfIssue("2031", currentYear: 2030) == .success(2031))
        #expect(CarValidator.yearOfIssue("2031", currentYear: 2029) == .failure(.yearOutOfRange(min: 1886, max: 2030)))
        #expect(CarValidator.yearRange(currentYear: 2026) == 1886...2027)
    }

    @Test(arguments: ["abc", "20l5", "2015.0", "2 015", "1e3", "--5", "+", "٢٠١٥", "２０１５"])
    func yearMustBeANumber(text: String) {
        #expect(CarValidator.yearOfIssue(text, currentYear: year) == .failure(.notANumber))
    }

    // MARK: Car number

    @Test func carNumberIsOptionalAndTrimmed() {
        #expect(CarValidator.carNumber("") == .success(nil))
        #expect(CarValidator.carNumber("   ") == .success(nil))
        #expect(CarValidator.carNumber("  AB 123  ") == .success("AB 123"))
    }

    @Test(arguments: ["А123ВС 77", "WA-12345", "B 1234 XYZ", "ΑΒΓ-123", "ü-1", "AB‐12", "AB–12"])
    func carNumberTakesLettersOfAnyScriptDigitsSpacesAndDashes(text: String) {
        #expect(CarValidator.carNumber(text) == .success(text))
    }

    @Test(arguments: ["A_1", "AB#12", "12.34", "AB/12", "🚗 123", "AB\t12", "A+B"])
    func carNumberRefusesOtherCharacters(text: String) {
        #expect(CarValidator.carNumber(text) == .failure(.invalidCharacters))
    }

    @Test func carNumberHoldsAtMost16Characters() {
        #expect(CarValidator.carNumber(String(repeating: "Ж", count: 16)) == .success(String(repeating: "Ж", count: 16)))
        #expect(CarValidator.carNumber(String(repeating: "Ж", count: 17)) == .failure(.tooLong(max: 16)))
        #expect(CarValidator.carNumber("  " + String(repeating: "1", count: 16) + " ") == .success(String(repeating: "1", count: 16)))
    }

    // MARK: Messages

    @Test(arguments: [
        (CarFieldError.required, "This field is required.", "Это поле обязательно."),
        (.tooLong(max: 64), "Too long: at most 64 characters.", "Слишком длинно: не больше 64 символов."),
        (.tooLong(max: 16), "Too long: at most 16 characters.", "Слишком длинно: не больше 16 символов."),
        (.tooLong(max: 1), "Too long: at most 1 character.", "Слишком длинно: не больше 1 символа."),
        (.notANumber, "Enter the year as a number, e.g. 2015.", "Введите год числом, например 2015."),
        (.yearOutOfRange(min: 1886, max: 2027), "The year must be from 1886 to 2027.", "Год должен быть от 1886 до 2027."),
        (.invalidCharacters, "Use only letters, digits, spaces and dashes.", "Допустимы только буквы, цифры, пробелы и дефисы."),
        (.controlCharacters, "Use a single line without tabs or control characters.", "Нужна одна строка без табуляций и управляющих символов."),
        (.unknownBody, "Unknown body type.", "Неизвестный тип кузова."),
    ])
    func messages(error: CarFieldError, en: String, ru: String) {
        #expect(error.message(in: english) == en)
        #expect(error.message(in: russian) == ru)
    }

    @Test func polishMessagesUsePolishPlurals() {
        #expect(CarFieldError.tooLong(max: 64).message(in: polish) == "Za długie: najwyżej 64 znaki.")
        #expect(CarFieldError.tooLong(max: 16).message(in: polish) == "Za długie: najwyżej 16 znaków.")
        #expect(CarFieldError.yearOutOfRange(min: 1886, max: 2027).message(in: polish) == "Rok musi być z przedziału od 1886 do 2027.")
    }

    @Test func fieldLabels() {
        #expect(CarField.allCases.map { $0.label(in: english) } == ["Manufacturer", "Model", "Body", "Year of issue", "Car number"])
        #expect(CarField.allCases.map { $0.label(in: russian) } == ["Производитель", "Модель", "Тип кузова", "Год выпуска", "Госномер"])
        #expect(CarField.allCases.map { $0.label(in: polish) } == ["Producent", "Model", "Typ nadwozia", "Rok produkcji", "Numer rejestracyjny"])
    }
}
