import Foundation
import Synchronization
import Habits

/// A `HabitStore` in memory, for testing the service's rules; the SQLite store has its own suite.
actor MemoryHabitStore: HabitStore {
    private var stored: [Habit] = []
    private var nextID: Int64 = 1

    func overviews(today: CalendarDay) -> [HabitOverview] {
        stored.map { HabitOverview(id: $0.id, fields: $0.fields, trackCount: $0.trackedDays.count, isTrackedToday: $0.isTracked(on: today)) }
    }

    func habits() -> [Habit] { stored }

    func habit(id: Int64) -> Habit? { stored.first { $0.id == id } }

    func firstActivity() -> FirstActivity {
        FirstActivity(created: stored.map(\.createdAt).min(), tracked: stored.compactMap(\.trackedDays.first).min())
    }

    func create(_ fields: HabitFields, at date: Date) -> Habit {
        let habit = Habit(id: nextID, name: fields.name, time: fields.time, color: fields.color, createdAt: date, trackedDays: [])
        nextID += 1
        stored.append(habit)
        return habit
    }

    func update(id: Int64, with fields: HabitFields) -> Bool {
        guard let index = stored.firstIndex(where: { $0.id == id }) else { return false }
        stored[index].name = fields.name
        stored[index].time = fields.time
        stored[index].color = fields.color
        return true
    }

    func delete(id: Int64) -> Bool {
        let before = stored.count
        stored.removeAll { $0.id == id }
        return stored.count < before
    }

    func track(id: Int64, on day: CalendarDay, at date: Date) -> TrackChange {
        change(id) { $0.isTracked(on: day) ? nil : $0.trackedDays + [day] }
    }

    func untrack(id: Int64, on day: CalendarDay) -> TrackChange {
        change(id) { $0.isTracked(on: day) ? $0.trackedDays.filter { $0 != day } : nil }
    }

    private func change(_ id: Int64, _ newDays: (Habit) -> [CalendarDay]?) -> TrackChange {
        guard let index = stored.firstIndex(where: { $0.id == id }) else { return .noSuchHabit }
        let habit = stored[index]
        guard let days = newDays(habit) else { return .unchanged }
        stored[index] = Habit(id: habit.id, name: habit.name, time: habit.time, color: habit.color, createdAt: habit.createdAt, trackedDays: days)
        return .changed
    }
}

/// A clock the test moves by hand.
final class TestClock: Sendable {
    private let current: Mutex<Date>

    init(_ date: Date) { current = Mutex(date) }

    var now: Date { current.withLock { $0 } }

    func set(_ date: Date) { current.withLock { $0 = date } }
}

func zone(_ identifier: String) -> TimeZone {
    TimeZone(identifier: identifier)!
}

/// The instant `year-month-day hour:minute` in `timeZone`.
func date(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 12, _ minute: Int = 0, in timeZone: TimeZone) -> Date {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute))!
}

func day(_ year: Int, _ month: Int, _ day: Int) -> CalendarDay {
    CalendarDay(year: year, month: month, day: day)!
}

let orange = HabitColor.defaultColor
let seven = TimeOfDay(hour: 7, minute: 0)!

func fields(_ name: String) -> HabitFields {
    HabitFields(name: name, time: seven, color: orange)
}
