import Foundation
import Persistence

/// An owner's habits as a backup carries them (issue 35): each habit's fields, when it was made
/// and every day it was done, in the owner's list order (issue 38: a restore adds them in this
/// order, which the new rows' positions then keep). Ids are not kept, nor is a habit's archived
/// flag yet: a restored archived habit comes back on the list.
public struct HabitsBackup: AppBackupSection {
    public var habits: [BackedUpHabit]

    public init(habits: [BackedUpHabit]) {
        self.habits = habits
    }

    public static var empty: HabitsBackup { HabitsBackup(habits: []) }

    /// Every habit as the stores keep it, no more than an owner may keep (issue 36).
    public func validate() throws {
        guard habits.count <= OwnerLimits.standard.habits else {
            throw BackupRejected(section: "habits", reason: "\(habits.count) habits", problem: .tooMany(limit: OwnerLimits.standard.habits))
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

    public init(name: String, time: String, color: String, createdAt: Date, days: [String]) {
        self.name = name
        self.time = time
        self.color = color
        self.createdAt = createdAt
        self.days = days
    }

    public init(_ habit: Habit) {
        self.init(
            name: habit.name, time: habit.time.value, color: habit.color.hex, createdAt: habit.createdAt,
            days: habit.trackedDays.sorted().map(\.iso))
    }
}

/// A backed-up habit read back into what the stores keep.
public struct ValidatedHabit: Sendable, Hashable {
    public let fields: HabitFields
    public let createdAt: Date
    /// Ascending, each once.
    public let days: [CalendarDay]
}

extension BackedUpHabit {
    /// The habit as the stores keep it, or `BackupRejected` naming what no store can hold.
    public func validated() throws -> ValidatedHabit {
        if case .failure(let errors) = HabitDraft(name: name, color: color, time: time).validate(), errors[.name] != nil {
            throw BackupRejected(section: "habits", reason: "name \(name)")
        }
        guard let time = TimeOfDay(parsing: time) else { throw BackupRejected(section: "habits", reason: "time \(time)") }
        guard let color = HabitColor(hex: color) else { throw BackupRejected(section: "habits", reason: "colour \(color)") }
        var days = try days.map { text in
            guard let day = CalendarDay(iso: text) else {
                throw BackupRejected(section: "habits", reason: "day \(text)", problem: .invalidDay(item: name, value: text))
            }
            return day
        }
        // Sorted, a day given twice sits next to itself: cheaper than a set for 3,650 days a habit.
        days.sort()
        if let index = days.indices.dropFirst().first(where: { days[$0] == days[$0 - 1] }) {
            throw BackupRejected(section: "habits", reason: "a day twice in \(name)", problem: .dayTwice(item: name, day: days[index].iso))
        }
        return ValidatedHabit(fields: HabitFields(name: name, time: time, color: color), createdAt: createdAt, days: days)
    }
}
