import Foundation

import Localization

/// The fields of the habit sheet (HB-4), in display order.
public enum HabitField: String, CaseIterable, Sendable, Hashable {
    case name, color, time

    public func label(in catalogue: Catalogue) -> String {
        catalogue.text("habits.field.\(rawValue)")
    }
}

/// Why a field's input was refused.
public enum HabitFieldError: Error, Sendable, Hashable {
    case required
    case tooLong(max: Int)
    /// A line break, tab or other control character in the name.
    case controlCharacters
    case invalidColor
    case invalidTime

    public func message(in catalogue: Catalogue) -> String {
        switch self {
        case .required: catalogue.text("habits.error.required")
        case .tooLong(let max): catalogue.plural("habits.error.tooLong", count: max)
        case .controlCharacters: catalogue.text("habits.error.controlCharacters")
        case .invalidColor: catalogue.text("habits.error.color")
        case .invalidTime: catalogue.text("habits.error.time")
        }
    }
}

/// The habit sheet exactly as typed, so a refused form comes back unchanged.
public struct HabitDraft: Hashable, Sendable {
    public static let maxNameLength = 100

    public var name: String
    public var color: String
    public var time: String

    public init(name: String = "", color: String = HabitColor.defaultColor.rgbHex, time: String = "") {
        self.name = name
        self.color = color
        self.time = time
    }

    /// What the sheet for a new habit starts with (HB-4): no name, the default colour, 8 AM.
    public static let newHabit = HabitDraft(time: "08:00")

    /// The sheet filled in with a stored habit (HB-7).
    public init(_ fields: HabitFields) {
        self.init(name: fields.name, color: fields.color.rgbHex, time: fields.time.value)
    }

    public subscript(field: HabitField) -> String {
        switch field {
        case .name: name
        case .color: color
        case .time: time
        }
    }

    /// The habit's fields, or every field's error at once.
    public func validate() -> Result<HabitFields, HabitValidationErrors> {
        var errors: [HabitField: HabitFieldError] = [:]
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty {
            errors[.name] = .required
        } else if trimmed.count > Self.maxNameLength {
            errors[.name] = .tooLong(max: Self.maxNameLength)
        } else if trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            errors[.name] = .controlCharacters
        }
        let color = HabitColor(hex: color.trimmingCharacters(in: .whitespaces))
        if color == nil { errors[.color] = .invalidColor }
        let time = TimeOfDay(parsing: time.trimmingCharacters(in: .whitespaces))
        if time == nil { errors[.time] = .invalidTime }
        guard errors.isEmpty, let color, let time else { return .failure(HabitValidationErrors(byField: errors)) }
        return .success(HabitFields(name: trimmed, time: time, color: color))
    }
}

public struct HabitValidationErrors: Error, Hashable, Sendable {
    public let byField: [HabitField: HabitFieldError]

    public subscript(field: HabitField) -> HabitFieldError? { byField[field] }
}
