internal import StoriesSettings

/// Why settings or a colour were refused, one case per status of the C model (SG-7).
public enum SettingsError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case badLength
    case badDigit
    case outOfRange
    case tooLong
    case badVersion
    case syntax
    case unknownField
    case duplicateField
    case missingField
    case badDrawValue
    case notInPalette
    case unknownColorID

    /// Nil for `SGStatusOK`. The Swift side never passes NULL or short buffers, so those statuses
    /// cannot occur here.
    init?(_ status: SGStatus) {
        switch status {
        case .OK: return nil
        case .empty: self = .empty
        case .badLength: self = .badLength
        case .badDigit: self = .badDigit
        case .outOfRange: self = .outOfRange
        case .tooLong: self = .tooLong
        case .badVersion: self = .badVersion
        case .syntax: self = .syntax
        case .unknownField: self = .unknownField
        case .duplicateField: self = .duplicateField
        case .missingField: self = .missingField
        case .badDrawValue: self = .badDrawValue
        case .notInPalette: self = .notInPalette
        case .unknownColorID: self = .unknownColorID
        case .nullArgument, .bufferTooSmall: preconditionFailure("the Swift face passes valid buffers")
        }
    }

    public var description: String {
        let status: SGStatus = switch self {
        case .empty: .empty
        case .badLength: .badLength
        case .badDigit: .badDigit
        case .outOfRange: .outOfRange
        case .tooLong: .tooLong
        case .badVersion: .badVersion
        case .syntax: .syntax
        case .unknownField: .unknownField
        case .duplicateField: .duplicateField
        case .missingField: .missingField
        case .badDrawValue: .badDrawValue
        case .notInPalette: .notInPalette
        case .unknownColorID: .unknownColorID
        }
        return String(cString: sg_status_message(status))
    }
}
