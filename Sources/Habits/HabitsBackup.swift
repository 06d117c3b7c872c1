import Foundation
import Persistence

/// An owner's habits as a backup carries them (issue 35): each habit's fields, when it was made
/// and every day it was done, in the owner's list order (issue 38: a restore adds them in this
/// order, which the new rows' positions then keep), with its schedule, whether it is archived and
/// whether its reminder is on (issue 38; a backup made before has none of the three: every day,
/// on the list, no reminder). Ids are not kept. A browser's push subscription is not kept either:
/// it belongs to that browser, which subscribes again when its reminder is turned on there.
public struct HabitsBackup: AppBackupSection {
    public var habits: [BackedUpHabit]

    public init(habits: [BackedUpHabit]) {
        self.habits = habits
    }

    public static var empty: HabitsBackup { HabitsBackup(habits: []) }

    private enum CodingKeys: String, CodingKey { case habits }

    /// Read as a restore reads it, a day after the restore's last day (`latestDayKey`, a
    /// `YYYY-MM-DD` the backup reader puts in the decoder's `userInfo`) is refused here, the only
    /// place the section sees it: 9999-12-31 is a real date, but not a day anyone did a habit on
    /// (issue 46, item 11, as the habit import refuses a day after today). Only each habit's last
    /// day is looked at: `validate()`, which every restore runs next, refuses days out of order.
    public init(from decoder: any Decoder) throws {
        habits = try decoder.container(keyedBy: CodingKeys.self).decode([BackedUpHabit].self, forKey: .habits)
        guard let text = decoder.userInfo[Self.latestDayKey] as? String, let latest = CalendarDay(iso: text) else { return }
        for habit in habits {
            let lastValue = habit.values?.keys.compactMap(CalendarDay.init(iso:)).max()?.iso
            for last in [habit.days.last, lastValue].compactMap({ $0 }) {
                if let day = CalendarDay(iso: last), day > latest {
                    throw BackupRejected(section: "habits", reason: "day \(last) after \(text)", problem: .invalidDay(item: habit.name, value: last))
                }
            }
        }
    }

    /// `BackupBounds.latestDayKey` in the Backup module, which Habits does not import.
    public static var latestDayKey: CodingUserInfoKey { CodingUserInfoKey(rawValue: "appdeck.backup.latestDay")! }

    /// Every habit as the stores keep it, no more than an owner may keep (issue 36) and no more
    /// days than one file may bring (issue 46, item 3).
    public func validate() throws {
        guard habits.count <= OwnerLimits.standard.habits else {
            throw BackupRejected(section: "habits", reason: "\(habits.count) habits", problem: .tooMany(limit: OwnerLimits.standard.habits))
        }
        let days = habits.reduce(0) { $0 + $1.days.count }
        guard days <= OwnerLimits.standard.daysPerFile else {
            throw BackupRejected(section: "habits", reason: "\(days) days", problem: .tooMany(limit: OwnerLimits.standard.daysPerFile))
        }
        for habit in habits { _ = try habit.validated() }
    }
}

/// One habit in a backup, in the forms the stores keep: the time as `HH:mm`, the colour as
/// `#RRGGBB`, days as `YYYY-MM-DD` in the device's zone, ascending.
public struct BackedUpHabit: Codable, Sendable, Hashable {
    public var name: String
    public var time: String
    public var color: String
    public var createdAt: Date
    public var days: [String]
    /// Nil: every day.
    public var schedule: BackedUpSchedule?
    /// Nil: not archived.
    public var archived: Bool?
    /// Nil: no reminder.
    public var reminder: Bool?
    /// Skipped days (issue 48), `YYYY-MM-DD` ascending; nil: none (and every backup before).
    public var skipped: [String]?
    /// A note per day (issue 48), by `YYYY-MM-DD`; nil: none.
    public var notes: [String: String]?
    /// A measurable habit's unit and target (issue 48); nil: yes/no (and every backup before).
    public var measure: BackedUpMeasure?
    /// A measurable habit's number per day, by `YYYY-MM-DD`; its `days` are those the measure
    /// derives from them.
    public var values: [String: Double]?

    public init(
        name: String, time: String, color: String, createdAt: Date, days: [String], schedule: BackedUpSchedule? = nil,
        archived: Bool? = nil, reminder: Bool? = nil, skipped: [String]? = nil, notes: [String: String]? = nil,
        measure: BackedUpMeasure? = nil, values: [String: Double]? = nil
    ) {
        self.measure = measure
        self.values = values
        self.skipped = skipped
        self.notes = notes
        self.name = name
        self.time = time
        self.color = color
        self.createdAt = createdAt
        self.days = days
        self.schedule = schedule
        self.archived = archived
        self.reminder = reminder
    }

    /// Only what differs from a habit made before issue 38 is written: a plain daily habit's
    /// entry stays as it was.
    public init(_ habit: Habit, reminder: Bool = false) {
        self.init(
            name: habit.name, time: habit.time.value, color: habit.color.hex, createdAt: habit.createdAt,
            days: habit.trackedDays.sorted().map(\.iso), schedule: habit.schedule.isDaily ? nil : BackedUpSchedule(habit.schedule),
            archived: habit.isArchived ? true : nil, reminder: reminder ? true : nil,
            skipped: habit.skippedDays.isEmpty ? nil : habit.skippedDays.map(\.iso),
            notes: habit.notes.isEmpty ? nil : Dictionary(uniqueKeysWithValues: habit.notes.map { ($0.key.iso, $0.value) }),
            measure: habit.measure.map(BackedUpMeasure.init),
            values: habit.measure == nil ? nil : Dictionary(uniqueKeysWithValues: habit.values.map { ($0.key.iso, $0.value) }))
    }
}

/// A measurable habit's unit and target in a backup (issue 48): `{"unit": "km", "target": 5,
/// "atMost": true}`; `atMost` is written only when true.
public struct BackedUpMeasure: Codable, Sendable, Hashable {
    public var unit: String
    public var target: Double
    public var atMost: Bool?

    public init(unit: String, target: Double, atMost: Bool? = nil) {
        self.unit = unit
        self.target = target
        self.atMost = atMost
    }

    public init(_ measure: HabitMeasure) {
        self.init(unit: measure.unit, target: measure.target, atMost: measure.kind == .atMost ? true : nil)
    }
}

/// A schedule in a backup: `{"times": 3, "days": 7}` or `{"weekdays": [1, 3, 5]}` (ISO, 1 = Monday).
public struct BackedUpSchedule: Codable, Sendable, Hashable {
    public var times: Int?
    public var days: Int?
    public var weekdays: [Int]?

    public init(times: Int? = nil, days: Int? = nil, weekdays: [Int]? = nil) {
        self.times = times
        self.days = days
        self.weekdays = weekdays
    }

    public init(_ schedule: HabitSchedule) {
        switch schedule {
        case .times(let times, let days): self.init(times: times, days: days)
        case .weekdays(let set): self.init(weekdays: set.isoWeekdays)
        }
    }

    /// Nil for what no schedule says.
    public var schedule: HabitSchedule? {
        if let weekdays {
            guard times == nil, days == nil, weekdays.allSatisfy((1...7).contains) else { return nil }
            return HabitSchedule.on(WeekdaySet(isoWeekdays: weekdays))
        }
        guard let times, let days else { return nil }
        return HabitSchedule.times(times, in: days)
    }
}

/// A backed-up habit read back into what the stores keep.
public struct ValidatedHabit: Sendable, Hashable {
    public let fields: HabitFields
    public let createdAt: Date
    /// Ascending, each once.
    public let days: [CalendarDay]
    public let isArchived: Bool
    public let reminder: Bool
    /// Ascending, none of them done (issue 48).
    public var skipped: [CalendarDay] = []
    public var notes: [CalendarDay: String] = [:]
    /// A measurable habit's numbers (issue 48); `days` are the done days they make.
    public var values: [CalendarDay: Double] = [:]
}

extension BackedUpHabit {
    /// No habit was done before the Unix epoch, the import's floor too (issue 46, item 11).
    static let earliestDay = CalendarDay(ordinal: 0)

    /// The habit as the stores keep it, or `BackupRejected` naming what no store can hold.
    public func validated() throws -> ValidatedHabit {
        if case .failure(let errors) = HabitDraft(name: name, color: color, time: time).validate(), errors[.name] != nil {
            throw BackupRejected(section: "habits", reason: "name \(name)")
        }
        guard let time = TimeOfDay(parsing: time) else { throw BackupRejected(section: "habits", reason: "time \(time)") }
        guard let color = HabitColor(hex: color) else { throw BackupRejected(section: "habits", reason: "colour \(color)") }
        var validSchedule = HabitSchedule.daily
        if let schedule {
            guard let read = schedule.schedule else { throw BackupRejected(section: "habits", reason: "schedule of \(name)") }
            validSchedule = read
        }
        let days = try days.map { text in
            guard let day = CalendarDay(iso: text) else {
                throw BackupRejected(section: "habits", reason: "day \(text)", problem: .invalidDay(item: name, value: text))
            }
            return day
        }
        // Ascending, each once, from 1970 (issue 46, item 11; README's "Backup file"): a day out of
        // order is refused, not sorted, as the file is not one AppDeck wrote. A day twice sits
        // next to itself in an ascending list: cheaper than a set for 3,650 days a habit.
        if let first = days.first, first < Self.earliestDay {
            throw BackupRejected(section: "habits", reason: "day \(first.iso) before 1970", problem: .invalidDay(item: name, value: first.iso))
        }
        for index in days.indices.dropFirst() where days[index] <= days[index - 1] {
            if days[index] == days[index - 1] {
                throw BackupRejected(section: "habits", reason: "a day twice in \(name)", problem: .dayTwice(item: name, day: days[index].iso))
            }
            throw BackupRejected(
                section: "habits", reason: "\(days[index].iso) listed after \(days[index - 1].iso) in \(name)",
                problem: .invalidDay(item: name, value: days[index].iso))
        }
        let measure = try validatedMeasure()
        let values = try validatedValues(measure)
        let done = measure.map { $0.doneDays(values, schedule: validSchedule) } ?? days
        var validated = ValidatedHabit(
            fields: HabitFields(name: name, time: time, color: color, schedule: validSchedule, measure: measure), createdAt: createdAt,
            days: done, isArchived: archived ?? false, reminder: reminder ?? false)
        (validated.skipped, validated.notes) = try skipsAndNotes(done: done)
        validated.skipped.removeAll { values[$0] != nil }
        validated.values = values
        return validated
    }

    private func validatedMeasure() throws -> HabitMeasure? {
        guard let measure = self.measure else { return nil }
        let unit = measure.unit.trimmingCharacters(in: .whitespaces)
        guard !unit.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }),
              let kept = HabitMeasure(unit: unit, target: measure.target, kind: measure.atMost == true ? .atMost : .atLeast)
        else { throw BackupRejected(section: "habits", reason: "measure of \(name)") }
        return kept
    }

    /// Each day real and from 1970, each number one a day can hold; none for a yes/no habit.
    private func validatedValues(_ measure: HabitMeasure?) throws -> [CalendarDay: Double] {
        guard measure != nil else { return [:] }
        var values: [CalendarDay: Double] = [:]
        for (text, value) in self.values ?? [:] {
            guard let day = CalendarDay(iso: text), day >= Self.earliestDay, HabitMeasure.isValid(value) else {
                throw BackupRejected(section: "habits", reason: "value of \(text) in \(name)", problem: .invalidDay(item: name, value: text))
            }
            values[day] = value
        }
        return values
    }

    /// The skipped days (a day also done stays done) and notes, each day real and from 1970.
    private func skipsAndNotes(done: [CalendarDay]) throws -> ([CalendarDay], [CalendarDay: String]) {
        func day(_ text: String) throws -> CalendarDay {
            guard let day = CalendarDay(iso: text), day >= Self.earliestDay else {
                throw BackupRejected(section: "habits", reason: "day \(text)", problem: .invalidDay(item: name, value: text))
            }
            return day
        }
        let doneDays = Set(done)
        let skippedDays = Set(try (skipped ?? []).map(day)).subtracting(doneDays).sorted()
        var notes: [CalendarDay: String] = [:]
        for (text, note) in self.notes ?? [:] {
            guard case .success(let kept?) = HabitNote.validated(note) else {
                throw BackupRejected(section: "habits", reason: "note of \(text) in \(name)", problem: .invalidDay(item: name, value: text))
            }
            notes[try day(text)] = kept
        }
        return (skippedDays, notes)
    }
}
