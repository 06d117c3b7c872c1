import Localization

/// A habit's details (HB-6): streaks, a year heatmap, and every day since first use, newest first.
public struct HabitDetailsScreen {
    public static let pageSize = 60
    /// How many days one page may list, whatever a URL asks for.
    public static let limits = 1...100_000

    public struct DayRow: Hashable, Sendable {
        public let day: CalendarDay
        /// "Сегодня", "Вчера", "Позавчера", then the locale's date.
        public let label: String
        public let isTracked: Bool
    }

    public let habit: Habit
    public let stats: HabitStats
    public let heatmap: Heatmap
    /// The newest `limit` days of `dates`, newest first.
    public let days: [DayRow]
    /// How many days `dates` holds in all.
    public let totalDays: Int
    public let limit: Int

    /// `firstDay` is the first day of the service's `dates` (first use of the tracker).
    public init(habit: Habit, stats: HabitStats, firstDay: CalendarDay, today: CalendarDay, catalogue: Catalogue, limit: Int = pageSize) {
        self.habit = habit
        self.stats = stats
        let limit = min(max(Self.limits.lowerBound, limit), Self.limits.upperBound)
        self.limit = limit
        let formatter = DayFormatter(catalogue: catalogue, today: today)
        let first = min(firstDay, today)
        totalDays = first.days(to: today) + 1
        days = (0..<min(limit, totalDays)).map { back in
            let day = today.adding(days: -back)
            return DayRow(day: day, label: formatter.label(for: day), isTracked: habit.isTracked(on: day))
        }
        heatmap = Heatmap(habit: habit, firstDay: first, today: today, weekStartsOnMonday: catalogue.language != .en,
                          monthNames: formatter.shortMonthNames)
    }

    public var hasMore: Bool { days.count < totalDays }
    public var nextLimit: Int { limit + Self.pageSize }
}

/// A year of a habit like GitHub's contribution graph: one column per week, oldest left.
public struct Heatmap: Hashable, Sendable {
    public static let weeks = 53

    public enum State: String, Hashable, Sendable {
        case tracked, untracked
        /// Before the first use of the tracker.
        case before
        /// After today.
        case future
    }

    public struct Cell: Hashable, Sendable {
        public let day: CalendarDay
        public let state: State
    }

    public struct Week: Hashable, Sendable {
        public let cells: [Cell]
        /// The short month name when a month begins in this week ("Mar"), else nil.
        public let monthLabel: String?
    }

    public let columns: [Week]
    public let trackedCount: Int

    init(habit: Habit, firstDay: CalendarDay, today: CalendarDay, weekStartsOnMonday: Bool, monthNames: [String]) {
        // Weekday index 0…6 within the displayed week.
        let index = weekStartsOnMonday ? today.isoWeekday - 1 : today.isoWeekday % 7
        let lastWeekStart = today.adding(days: -index)
        let start = lastWeekStart.adding(days: -7 * (Self.weeks - 1))
        var tracked = 0
        columns = (0..<Self.weeks).map { week in
            let weekStart = start.adding(days: 7 * week)
            let cells = (0..<7).map { offset -> Cell in
                let day = weekStart.adding(days: offset)
                guard day <= today else { return Cell(day: day, state: .future) }
                guard day >= firstDay else { return Cell(day: day, state: .before) }
                let isTracked = habit.isTracked(on: day)
                if isTracked { tracked += 1 }
                return Cell(day: day, state: isTracked ? .tracked : .untracked)
            }
            let opening = cells.first { $0.day.day == 1 }
            let label = opening.flatMap { $0.day.month <= monthNames.count ? monthNames[$0.day.month - 1] : nil }
            return Week(cells: cells, monthLabel: label)
        }
        trackedCount = tracked
    }
}
