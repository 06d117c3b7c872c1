import Localization

/// The fields of a car as a person fills them in (CARS-2), in display order.
public enum CarField: String, CaseIterable, Sendable, Hashable, Codable {
    case manufacturer, model, body, yearOfIssue, carNumber

    /// Catalogue key of the field's label, e.g. `cars.field.yearOfIssue`.
    public var labelKey: String { "cars.field.\(rawValue)" }

    /// The field's label in `catalogue`'s language, e.g. "Year of issue", "Год выпуска".
    public func label(in catalogue: Catalogue) -> String {
        catalogue.text(labelKey)
    }
}

/// Why a field's input was refused.
public enum CarFieldError: Error, Sendable, Hashable {
    /// Empty after trimming, for a required field.
    case required
    /// Longer than `max` characters (Swift `Character`s, i.e. grapheme clusters) after trimming.
    case tooLong(max: Int)
    /// The year is not an integer.
    case notANumber
    /// The year is an integer outside `min...max`.
    case yearOutOfRange(min: Int, max: Int)
    /// The car number has something other than letters, digits, spaces and dashes.
    case invalidCharacters
    /// A name holds a line break, tab or other control character (a car is shown one field a line).
    case controlCharacters
    /// The body is not one of `Body`.
    case unknownBody

    /// Catalogue key of the message (for `tooLong`, the plural key `cars.error.tooLong`).
    public var messageKey: String {
        switch self {
        case .required: "cars.error.required"
        case .tooLong: "cars.error.tooLong"
        case .notANumber: "cars.error.notANumber"
        case .yearOutOfRange: "cars.error.yearRange"
        case .invalidCharacters: "cars.error.invalidCharacters"
        case .controlCharacters: "cars.error.controlCharacters"
        case .unknownBody: "cars.error.unknownBody"
        }
    }

    /// The message a person reads, in `catalogue`'s language, e.g.
    /// "The year must be from 1886 to 2027." / "Год должен быть от 1886 до 2027.".
    public func message(in catalogue: Catalogue) -> String {
        switch self {
        case .tooLong(let max):
            catalogue.plural(messageKey, count: max)
        case .yearOutOfRange(let min, let max):
            catalogue.text(messageKey, ["min": String(min), "max": String(max)])
        case .required, .notANumber, .invalidCharacters, .controlCharacters, .unknownBody:
            catalogue.text(messageKey)
        }
    }
}
