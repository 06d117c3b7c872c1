import Localization

/// What a habit's schedule and time read as (issue 38), the course's `dateString` for a habit
/// done every day: "Every day at 7:30 PM" / "3 times a week at 7:30 PM" / "Mon, Wed, Fri at
/// 7:30 PM"; "Каждый день в 19:30" / "3 раза в неделю в 19:30"; "Codziennie o 19:30" /
/// "3 razy w tygodniu o 19:30". Made once per catalogue: the list fills it for every card.
public struct ScheduleText: Sendable {
    private let catalogue: Catalogue
    private let everyDayAt, timesAt, weekdaysAt: CatalogueTemplate
    private let shortWeekdays: [String]

    public init(_ catalogue: Catalogue) {
        self.catalogue = catalogue
        everyDayAt = catalogue.template("habits.everyDayAt")
        timesAt = catalogue.template("habits.schedule.timesAt")
        weekdaysAt = catalogue.template("habits.schedule.weekdaysAt")
        shortWeekdays = (1...7).map { catalogue.text("habits.weekday.short.\($0)") }
    }

    public func text(_ schedule: HabitSchedule, at time: TimeOfDay) -> String {
        let time = catalogue.language == .en ? time.twelveHour : time.value
        switch schedule {
        case .times(1, inDays: 1):
            return everyDayAt.text("time", time)
        case .times(let times, let days):
            return catalogue.text("habits.schedule.timesAt", ["times": self.times(times), "period": period(days), "time": time])
        case .weekdays(let set):
            return catalogue.text("habits.schedule.weekdaysAt", ["days": weekdays(set), "time": time])
        }
    }

    /// The schedule alone, without the time: "3 times a week", "Mon, Wed, Fri", "Every day".
    public func text(_ schedule: HabitSchedule) -> String {
        switch schedule {
        case .times(1, inDays: 1): catalogue.text("habits.schedule.daily")
        case .times(let times, let days): catalogue.text("habits.schedule.times", ["times": self.times(times), "period": period(days)])
        case .weekdays(let set): weekdays(set)
        }
    }

    private func times(_ count: Int) -> String {
        catalogue.plural("habits.schedule.count", count: count)
    }

    private func period(_ days: Int) -> String {
        days == 7 ? catalogue.text("habits.schedule.week") : catalogue.plural("habits.schedule.inDays", count: days)
    }

    /// The chosen days in the order the language's week runs (Sunday first in English).
    private func weekdays(_ set: WeekdaySet) -> String {
        WeekdaySet.weekOrder(startsOnMonday: catalogue.language.weekStartsOnMonday)
            .filter { set.contains(isoWeekday: $0) }.map { shortWeekdays[$0 - 1] }
            .joined(separator: catalogue.text("habits.weekday.separator"))
    }
}

extension WeekdaySet {
    /// ISO weekdays in a week's order: Monday to Sunday, or Sunday to Saturday.
    public static func weekOrder(startsOnMonday: Bool) -> [Int] {
        startsOnMonday ? Array(1...7) : [7] + Array(1...6)
    }
}

extension Language {
    /// English pages draw weeks from Sunday, as an American calendar does; Russian and Polish
    /// from Monday.
    public var weekStartsOnMonday: Bool { self != .en }
}
