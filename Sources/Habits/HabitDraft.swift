import Foundation

import Localization

/// The fields of the habit sheet (HB-4), in display order.
public enum HabitField: String, CaseIterable, Sendable, Hashable {
    case name, color, time, schedule
    /// A measurable habit's unit and target (issue 48).
    case unit, target

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
    /// "N times in M days" with numbers no schedule has (issue 38).
    case invalidFrequency(maxDays: Int)
    /// "On chosen weekdays" with none chosen.
    case noWeekdays
    /// A control character other than a line break or tab in a day's note (issue 48).
    case noteCharacters
    /// A line break, tab or other control character in a unit (issue 48).
    case unitCharacters
    /// A target that is not a number from 0 (at most) or above 0 (at least) to `HabitMeasure.maxValue`.
    case invalidTarget
    /// A day's value that is not a number from 0 to `HabitMeasure.maxValue` (issue 48).
    case invalidValue

    public func message(in catalogue: Catalogue) -> String {
        switch self {
        case .required: catalogue.text("habits.error.required")
        case .tooLong(let max): catalogue.plural("habits.error.tooLong", count: max)
        case .controlCharacters: catalogue.text("habits.error.controlCharacters")
        case .invalidColor: catalogue.text("habits.error.color")
        case .invalidTime: catalogue.text("habits.error.time")
        case .invalidFrequency(let maxDays): catalogue.text("habits.error.frequency", ["max": String(maxDays)])
        case .noWeekdays: catalogue.text("habits.error.weekdays")
        case .noteCharacters: catalogue.text("habits.error.noteCharacters")
        case .unitCharacters: catalogue.text("habits.error.unitCharacters")
        case .invalidTarget: catalogue.text("habits.error.target", ["example": DecimalText.format(2.5, language: catalogue.language)])
        case .invalidValue: catalogue.text("habits.error.value", ["example": DecimalText.format(2.5, language: catalogue.language)])
        }
    }
}

/// The habit sheet exactly as typed, so a refused form comes back unchanged.
public struct HabitDraft: Hashable, Sendable {
    public static let maxNameLength = 100

    public var name: String
    public var color: String
    public var time: String
    /// The schedule as the sheet's controls hold it (issue 38): which kind, the two numbers of
    /// "N times in M days" as typed, and the weekdays ticked (ISO, 1 = Monday).
    public var frequency: Frequency
    public var times: String
    public var days: String
    public var weekdays: Set<Int>
    /// Yes/no or a number (issue 48), and a number's unit, target as typed and its kind.
    public var kind: Kind
    public var unit: String
    public var target: String
    public var targetKind: HabitMeasure.Kind

    /// What a habit records each day.
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case yesNo, number
    }

    /// The schedule's kinds, as the sheet's radio buttons name them.
    public enum Frequency: String, CaseIterable, Hashable, Sendable {
        case daily, times, weekdays
    }

    public init(
        name: String = "", color: String = HabitColor.defaultColor.rgbHex, time: String = "", frequency: Frequency = .daily,
        times: String = "3", days: String = "7", weekdays: Set<Int> = [], kind: Kind = .yesNo, unit: String = "", target: String = "",
        targetKind: HabitMeasure.Kind = .atLeast
    ) {
        self.kind = kind
        self.unit = unit
        self.target = target
        self.targetKind = targetKind
        self.name = name
        self.color = color
        self.time = time
        self.frequency = frequency
        self.times = times
        self.days = days
        self.weekdays = weekdays
    }

    /// What the sheet for a new habit starts with (HB-4): no name, the default colour, 8 AM,
    /// every day (with "3 times in 7 days" ready in case the person picks that).
    public static let newHabit = HabitDraft(time: "08:00")

    /// The sheet filled in with a stored habit (HB-7), a target in `language`'s way of writing it.
    public init(_ fields: HabitFields, language: Language = .en) {
        self.init(name: fields.name, color: fields.color.rgbHex, time: fields.time.value)
        if let measure = fields.measure {
            (kind, unit, target, targetKind) = (.number, measure.unit, DecimalText.format(measure.target, language: language), measure.kind)
        }
        switch fields.schedule {
        case .times(1, inDays: 1): break
        case .times(let times, let days): (frequency, self.times, self.days) = (.times, String(times), String(days))
        case .weekdays(let set): (frequency, weekdays) = (.weekdays, Set(set.isoWeekdays))
        }
    }

    public subscript(field: HabitField) -> String {
        switch field {
        case .name: name
        case .color: color
        case .time: time
        case .schedule: frequency.rawValue
        case .unit: unit
        case .target: target
        }
    }

    /// The habit's fields, or every field's error at once; a target is read as `language` writes
    /// numbers (`DecimalText`).
    public func validate(language: Language = .en) -> Result<HabitFields, HabitValidationErrors> {
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
        let schedule = validatedSchedule()
        if case .failure(let error) = schedule { errors[.schedule] = error }
        let measure = validatedMeasure(language: language, errors: &errors)
        guard errors.isEmpty, let color, let time, case .success(let schedule) = schedule else {
            return .failure(HabitValidationErrors(byField: errors))
        }
        return .success(HabitFields(name: trimmed, time: time, color: color, schedule: schedule, measure: measure))
    }

    /// A number's unit and target; nil for a yes/no habit, or with the fields' errors set.
    private func validatedMeasure(language: Language, errors: inout [HabitField: HabitFieldError]) -> HabitMeasure? {
        guard kind == .number else { return nil }
        let unit = unit.trimmingCharacters(in: .whitespacesAndNewlines)
        if unit.count > HabitMeasure.maxUnitLength {
            errors[.unit] = .tooLong(max: HabitMeasure.maxUnitLength)
        } else if unit.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            errors[.unit] = .unitCharacters
        }
        let measure = DecimalText.parse(target, language: language).flatMap { HabitMeasure(unit: unit, target: $0, kind: targetKind) }
        if measure == nil { errors[.target] = .invalidTarget }
        return errors[.unit] == nil ? measure : nil
    }

    /// The schedule the controls say; only the chosen kind's controls are read.
    private func validatedSchedule() -> Result<HabitSchedule, HabitFieldError> {
        switch frequency {
        case .daily:
            return .success(.daily)
        case .times where kind == .number:
            // A number's target is for the whole period (issue 48): "5 km in 7 days" asks for one
            // period met, whatever "times" says.
            guard let days = Int(days.trimmingCharacters(in: .whitespaces)), days >= 2, let schedule = HabitSchedule.times(1, in: days)
            else { return .failure(.invalidFrequency(maxDays: HabitSchedule.maximumDays)) }
            return .success(schedule)
        case .times:
            guard let times = Int(times.trimmingCharacters(in: .whitespaces)), let days = Int(days.trimmingCharacters(in: .whitespaces)),
                  days >= 2, let schedule = HabitSchedule.times(times, in: days)
            else { return .failure(.invalidFrequency(maxDays: HabitSchedule.maximumDays)) }
            return .success(schedule)
        case .weekdays:
            guard let schedule = HabitSchedule.on(WeekdaySet(isoWeekdays: weekdays)) else { return .failure(.noWeekdays) }
            return .success(schedule)
        }
    }
}

public struct HabitValidationErrors: Error, Hashable, Sendable {
    public let byField: [HabitField: HabitFieldError]

    public subscript(field: HabitField) -> HabitFieldError? { byField[field] }
}
