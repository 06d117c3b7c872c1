import Foundation
import Localization

/// A car as a person typed it: every field a raw string, body included (a form post, CLI
/// options or console answers). `validate(currentYear:)` turns it into a `NewCar`.
public struct CarDraft: Sendable, Hashable, Codable {
    public var manufacturer: String
    public var model: String
    /// A `Body` raw value (`suv`) or a body's name in any bundled language.
    public var body: String
    /// Digits, or empty for "unknown".
    public var yearOfIssue: String
    /// Empty for "none".
    public var carNumber: String

    public init(manufacturer: String = "", model: String = "", body: String = "", yearOfIssue: String = "", carNumber: String = "") {
        self.manufacturer = manufacturer
        self.model = model
        self.body = body
        self.yearOfIssue = yearOfIssue
        self.carNumber = carNumber
    }

    /// The draft that shows `car` again (e.g. to refill a form).
    public init(_ car: NewCar) {
        self.init(
            manufacturer: car.manufacturer, model: car.model, body: car.body.rawValue,
            yearOfIssue: car.yearOfIssue.map(String.init) ?? "", carNumber: car.carNumber ?? "")
    }

    public init(_ car: Car) {
        self.init(NewCar(car))
    }

    /// The raw text of `field`.
    public subscript(field: CarField) -> String {
        get {
            switch field {
            case .manufacturer: manufacturer
            case .model: model
            case .body: body
            case .yearOfIssue: yearOfIssue
            case .carNumber: carNumber
            }
        }
        set {
            switch field {
            case .manufacturer: manufacturer = newValue
            case .model: model = newValue
            case .body: body = newValue
            case .yearOfIssue: yearOfIssue = newValue
            case .carNumber: carNumber = newValue
            }
        }
    }

    /// The car with trimmed values, or every field's error. `currentYear` is injected (the
    /// latest year accepted is `currentYear + 1`); validation never reads the clock.
    public func validate(currentYear: Int) -> Result<NewCar, CarValidationErrors> {
        CarValidator.validate(self, currentYear: currentYear)
    }
}

/// The errors of a refused `CarDraft`, at most one per field. Never empty.
public struct CarValidationErrors: Error, Sendable, Hashable {
    public let errors: [CarField: CarFieldError]
    /// The draft was fine but the owner keeps this many cars already, the most allowed (issue 34).
    public let limitReached: Int?

    public init(_ errors: [CarField: CarFieldError], limitReached: Int? = nil) {
        self.errors = errors
        self.limitReached = limitReached
    }

    public subscript(field: CarField) -> CarFieldError? { errors[field] }

    /// The refused fields in display order.
    public var fields: [CarField] { CarField.allCases.filter { errors[$0] != nil } }

    /// One line above the form: how many fields need attention, or that the owner has as many
    /// cars as one may keep.
    public func summary(in catalogue: Catalogue) -> String {
        if let limitReached { return Self.limitMessage(limitReached, in: catalogue) }
        return catalogue.plural("cars.sheet.errorSummary", count: fields.count)
    }

    /// What a person reads when they have as many cars as one may keep.
    public static func limitMessage(_ limit: Int, in catalogue: Catalogue) -> String {
        catalogue.plural("cars.limitReached", count: limit, ["limit": catalogue.language.grouped(limit)])
    }
}

/// The rules for a car's fields. Each field rule is public on its own so a console can ask
/// again for just the field that was refused.
public enum CarValidator {
    /// Most characters in a manufacturer or model.
    public static let maxNameLength = 64
    /// Most characters in a car number.
    public static let maxCarNumberLength = 16
    /// The first production car (Benz Patent-Motorwagen).
    public static let firstYear = 1886

    /// Years accepted when it is `currentYear`: 1886 through next year (next year's models
    /// go on sale early).
    public static func yearRange(currentYear: Int) -> ClosedRange<Int> {
        firstYear...max(firstYear, currentYear + 1)
    }

    public static func validate(_ draft: CarDraft, currentYear: Int) -> Result<NewCar, CarValidationErrors> {
        var errors: [CarField: CarFieldError] = [:]
        func check<Value>(_ field: CarField, _ result: Result<Value, CarFieldError>) -> Value? {
            switch result {
            case .success(let value): return value
            case .failure(let error):
                errors[field] = error
                return nil
            }
        }
        let manufacturer = check(.manufacturer, self.manufacturer(draft.manufacturer))
        let model = check(.model, self.model(draft.model))
        let body = check(.body, self.body(draft.body))
        let year = check(.yearOfIssue, yearOfIssue(draft.yearOfIssue, currentYear: currentYear))
        let number = check(.carNumber, carNumber(draft.carNumber))
        guard let manufacturer, let model, let body, let year, let number else {
            return .failure(CarValidationErrors(errors))
        }
        return .success(NewCar(manufacturer: manufacturer, model: model, body: body, yearOfIssue: year, carNumber: number))
    }

    /// Required; trimmed; at most 64 characters; a single line.
    public static func manufacturer(_ raw: String) -> Result<String, CarFieldError> {
        name(raw)
    }

    /// Required; trimmed; at most 64 characters; a single line.
    public static func model(_ raw: String) -> Result<String, CarFieldError> {
        name(raw)
    }

    /// Required; one of `Body` by raw value or by name in any bundled language.
    public static func body(_ raw: String) -> Result<Body, CarFieldError> {
        if trimmed(raw).isEmpty { return .failure(.required) }
        guard let body = Body(parsing: raw) else { return .failure(.unknownBody) }
        return .success(body)
    }

    /// Optional (empty after trimming is nil); an integer in `yearRange(currentYear:)`.
    public static func yearOfIssue(_ raw: String, currentYear: Int) -> Result<Int?, CarFieldError> {
        let text = trimmed(raw)
        if text.isEmpty { return .success(nil) }
        let range = yearRange(currentYear: currentYear)
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return .failure(.notANumber)
        }
        // Too many digits for Int is still a number, just far out of range.
        guard let year = Int(text), range.contains(year) else {
            return .failure(.yearOutOfRange(min: range.lowerBound, max: range.upperBound))
        }
        return .success(year)
    }

    /// Optional (empty after trimming is nil); trimmed; at most 16 characters; letters of any
    /// script, ASCII digits, spaces and dashes (`-`, or the hyphens and en dash phones type).
    public static func carNumber(_ raw: String) -> Result<String?, CarFieldError> {
        let text = trimmed(raw)
        if text.isEmpty { return .success(nil) }
        if text.count > maxCarNumberLength { return .failure(.tooLong(max: maxCarNumberLength)) }
        guard text.allSatisfy(isCarNumberCharacter) else { return .failure(.invalidCharacters) }
        return .success(text)
    }

    private static let dashes: Set<Character> = ["-", "\u{2010}", "\u{2011}", "\u{2013}"]

    private static func isCarNumberCharacter(_ character: Character) -> Bool {
        character.isLetter || (character.isASCII && character.isNumber) || character == " " || dashes.contains(character)
    }

    private static func name(_ raw: String) -> Result<String, CarFieldError> {
        let text = trimmed(raw)
        if text.isEmpty { return .failure(.required) }
        if text.count > maxNameLength { return .failure(.tooLong(max: maxNameLength)) }
        if text.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return .failure(.controlCharacters)
        }
        return .success(text)
    }

    private static func trimmed(_ raw: String) -> String {
        raw.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
