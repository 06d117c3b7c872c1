/// How often a habit is meant to be done (issue 38): every day, N times in every M days (Loop
/// Habit Tracker's FrequencyNumerator/FrequencyDenominator, "3 times a week"), or on chosen
/// weekdays.
///
/// A schedule cuts the calendar into **periods**, each asking for a number of done days:
/// - `times(n, inDays: m)`: consecutive blocks of `m` days, asking for `n` done days each. The
///   blocks are laid from Monday 5 January 1970, so with `m = 7` a block is an ISO week (Monday to
///   Sunday) in every zone, and a week that spans two months is still one week. Every day is
///   `times(1, inDays: 1)`: each day is its own period.
/// - `weekdays(set)`: each chosen weekday is a period of its own, asking for that day to be done;
///   the other days ask for nothing (a tick on them is kept and listed, and counts toward no period).
///
/// Days are calendar days in the device's zone (`CalendarDay`), so a daylight-saving change, a
/// 23- or 25-hour day, changes no period.
public enum HabitSchedule: Hashable, Sendable {
    case times(Int, inDays: Int)
    case weekdays(WeekdaySet)

    public static let daily = HabitSchedule.times(1, inDays: 1)
    /// The longest block a schedule may ask about: a month.
    public static let maximumDays = 31

    /// The schedule for `times` in `days`, or nil when no schedule says that. `n` in `n` days is
    /// every day.
    public static func times(_ times: Int, in days: Int) -> HabitSchedule? {
        guard (1...maximumDays).contains(days), (1...days).contains(times) else { return nil }
        return times == days ? .daily : .times(times, inDays: days)
    }

    /// The schedule for the chosen weekdays, or nil for none; all seven is every day.
    public static func on(_ weekdays: WeekdaySet) -> HabitSchedule? {
        if weekdays.isEmpty { return nil }
        return weekdays == .all ? .daily : .weekdays(weekdays)
    }

    public var isDaily: Bool { self == .daily }

    /// Whether `day` belongs to a period: every day does, except the weekdays a weekday
    /// schedule leaves out.
    public func asks(on day: CalendarDay) -> Bool {
        switch self {
        case .times: true
        case .weekdays(let set): set.contains(isoWeekday: day.isoWeekday)
        }
    }

    /// How many done days one period asks for.
    public var required: Int {
        switch self {
        case .times(let times, _): times
        case .weekdays: 1
        }
    }

    /// The period `day` belongs to, nil for a day a weekday schedule leaves out.
    public func period(containing day: CalendarDay) -> ClosedRange<CalendarDay>? {
        switch self {
        case .times(_, let length):
            let offset = day.ordinal - Self.firstMonday
            let index = offset >= 0 ? offset / length : (offset - length + 1) / length
            let start = CalendarDay(ordinal: Self.firstMonday + index * length)
            return start...start.adding(days: length - 1)
        case .weekdays(let set):
            return set.contains(isoWeekday: day.isoWeekday) ? day...day : nil
        }
    }

    /// Whether the habit is still to be done on `day` (the list's progress counts these): a day
    /// the schedule asks about whose period has not already had its done days on earlier days.
    /// `doneEarlierInPeriod`: the done days of `day`'s period before `day`.
    public func isDue(on day: CalendarDay, doneEarlierInPeriod: Int) -> Bool {
        asks(on: day) && doneEarlierInPeriod < required
    }

    /// Monday 5 January 1970, the first day of the first block.
    static let firstMonday = 4
}

/// A set of ISO weekdays (1 = Monday … 7 = Sunday), kept as bits 0…6 (Monday is bit 0): the
/// form the stores keep it in.
public struct WeekdaySet: OptionSet, Hashable, Sendable {
    public let rawValue: Int

    public init(rawValue: Int) {
        self.rawValue = rawValue & 0x7F
    }

    /// The set of `isoWeekdays`, ignoring numbers outside 1…7.
    public init(isoWeekdays: some Sequence<Int>) {
        self.init(rawValue: isoWeekdays.reduce(0) { (1...7).contains($1) ? $0 | 1 << ($1 - 1) : $0 })
    }

    public static let all = WeekdaySet(rawValue: 0x7F)

    public func contains(isoWeekday: Int) -> Bool {
        (1...7).contains(isoWeekday) && rawValue & 1 << (isoWeekday - 1) != 0
    }

    /// The weekdays in the set, Monday first.
    public var isoWeekdays: [Int] {
        (1...7).filter { contains(isoWeekday: $0) }
    }
}

extension HabitSchedule {
    /// The three numbers the stores keep (`scheduleTimes`, `scheduleDays`, `scheduleWeekdays`):
    /// a weekday schedule is `(1, 1, bits)`, the others `(n, m, 0)`.
    public var stored: (times: Int, days: Int, weekdays: Int) {
        switch self {
        case .times(let times, let days): (times, days, 0)
        case .weekdays(let set): (1, 1, set.rawValue)
        }
    }

    /// The schedule the stores' three numbers say, or nil for numbers no schedule has.
    public init?(storedTimes times: Int, days: Int, weekdays: Int) {
        if weekdays != 0 {
            guard times == 1, days == 1, (1...0x7F).contains(weekdays), let schedule = Self.on(WeekdaySet(rawValue: weekdays)) else { return nil }
            self = schedule
        } else {
            guard let schedule = Self.times(times, in: days) else { return nil }
            self = schedule
        }
    }
}
