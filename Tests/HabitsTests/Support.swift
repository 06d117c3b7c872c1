import Foundation
import Synchronization
import Habits

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
