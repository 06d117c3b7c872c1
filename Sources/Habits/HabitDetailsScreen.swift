import Localization

/// A habit's details (HB-6): streaks and strength, a year heatmap, and every day since first use
/// or the last year, whichever is longer, newest first. Each day of `Habit.changeableDays` can be
/// ticked or unticked (issue 38, issue 48): its row carries a `DayAction`, its heatmap cell the
/// name of the day's sheet it opens.
public struct HabitDetailsScreen {
    public static let pageSize = 60
    /// How many days one page may list, whatever a URL asks for.
    public static let limits = 1...100_000

    public struct DayRow: Hashable, Sendable {
        public let day: CalendarDay
        /// "Сегодня", "Вчера", "Позавчера", then the locale's date.
        public let label: String
        public let isTracked: Bool
        /// Skipped (issue 48).
        public var isSkipped = false
        /// The day's note (issue 48).
        public var note: String?
        /// A measurable habit's number that day (issue 48).
        public var value: Double?
        /// Nil for a day that cannot be changed (before `Habit.changeableDays`).
        public let action: DayAction?
    }

    /// What ticking or unticking one day says (issue 38).
    public struct DayAction: Hashable, Sendable {
        /// The control's accessible name: "Mark March 3, 2026 as done" / "… as not done".
        public let label: String
        /// The question before unticking a tracked day: "“Run” will no longer count as done on
        /// March 3, 2026."; nil for a day not tracked.
        public let undoMessage: String?
    }

    public let habit: Habit
    public let stats: HabitStats
    public let heatmap: Heatmap
    /// The newest `limit` days of `dates`, newest first.
    public let days: [DayRow]
    /// How many days `dates` holds in all.
    public let totalDays: Int
    public let limit: Int
    private let formatter: DayFormatter

    /// `firstDay` is the first day of the service's `dates` (first use of the tracker); the days
    /// listed reach back to it or to the first changeable day, whichever is earlier.
    /// `changeable`: the days a person may change (`Habit.changeableDays`); nil: none.
    public init(
        habit: Habit, stats: HabitStats, firstDay: CalendarDay, today: CalendarDay, changeable: ClosedRange<CalendarDay>? = nil,
        catalogue: Catalogue, limit: Int = pageSize
    ) {
        self.habit = habit
        self.stats = stats
        let limit = min(max(Self.limits.lowerBound, limit), Self.limits.upperBound)
        self.limit = limit
        let formatter = DayFormatter(catalogue: catalogue, today: today)
        self.formatter = formatter
        let first = min(firstDay, changeable?.lowerBound ?? firstDay, today)
        totalDays = first.days(to: today) + 1
        let actions = DayActions(catalogue: catalogue, formatter: formatter, name: habit.name, changeable: changeable)
        days = (0..<min(limit, totalDays)).map { back in
            let day = today.adding(days: -back)
            let state = habit.state(on: day)
            return DayRow(day: day, label: formatter.label(for: day), isTracked: state == .done, isSkipped: state == .skipped,
                          note: habit.notes[day], value: habit.values[day], action: actions.action(day, tracked: state == .done))
        }
        // A cell opens its day's sheet (issue 48): it needs the day's name, not a row's phrases.
        let states: [Heatmap.State: String] = [
            .tracked: catalogue.text("habits.daySheet.done"), .skipped: catalogue.text("habits.daySheet.skipped"),
            .untracked: catalogue.text("habits.daySheet.none"),
        ]
        heatmap = Heatmap(habit: habit, firstDay: first, today: today, weekStartsOnMonday: catalogue.language != .en,
                          monthNames: formatter.shortMonthNames) { day, state in
            guard changeable?.contains(day) == true else { return nil }
            return "\(formatter.date(day)): \(states[state] ?? "")"
        }
    }

    /// The day phrases split into their parts once, filled per listed day.
    private struct DayActions {
        let mark, unmark: CatalogueTemplate
        let catalogue: Catalogue
        let formatter: DayFormatter
        let name: String
        let changeable: ClosedRange<CalendarDay>?

        init(catalogue: Catalogue, formatter: DayFormatter, name: String, changeable: ClosedRange<CalendarDay>?) {
            (mark, unmark) = (catalogue.template("habits.day.mark"), catalogue.template("habits.day.unmark"))
            self.catalogue = catalogue
            (self.formatter, self.name, self.changeable) = (formatter, name, changeable)
        }

        func action(_ day: CalendarDay, tracked: Bool) -> DayAction? {
            guard changeable?.contains(day) == true else { return nil }
            let date = formatter.date(day)
            return DayAction(
                label: (tracked ? unmark : mark).text("date", date),
                undoMessage: tracked ? catalogue.text("habits.day.undoMessage", ["name": name, "date": date]) : nil)
        }
    }

    public var hasMore: Bool { days.count < totalDays }

    /// "March 2, 2026": a day's sheet's title (issue 48).
    public func date(_ day: CalendarDay) -> String { formatter.date(day) }

    /// What changing `day` says, when it can be changed and the Activity list shows it.
    public func action(on day: CalendarDay) -> DayAction? {
        days.first { $0.day == day }?.action
    }
    public var nextLimit: Int { limit + Self.pageSize }
}

/// A year of a habit like GitHub's contribution graph: one column per week, oldest left.
public struct Heatmap: Hashable, Sendable {
    public static let weeks = 53

    public enum State: String, Hashable, Sendable {
        case tracked, untracked
        /// Skipped (issue 48).
        case skipped
        /// Before the first use of the tracker.
        case before
        /// After today.
        case future
    }

    public struct Cell: Hashable, Sendable {
        public let day: CalendarDay
        public let state: State
        /// Nil for a day that cannot be changed (issue 38).
        /// "March 2, 2026: Done": the name of a cell that opens its day's sheet (issue 48); nil
        /// for a day that cannot be changed.
        public var label: String? = nil
    }

    public struct Week: Hashable, Sendable {
        public let cells: [Cell]
        /// The short month name when a month begins in this week ("Mar"), else nil.
        public let monthLabel: String?
    }

    public let columns: [Week]
    public let trackedCount: Int

    init(
        habit: Habit, firstDay: CalendarDay, today: CalendarDay, weekStartsOnMonday: Bool, monthNames: [String],
        label: (CalendarDay, State) -> String?
    ) {
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
                let state: State = switch habit.state(on: day) {
                case .done: .tracked
                case .skipped: .skipped
                case .none: .untracked
                }
                if state == .tracked { tracked += 1 }
                return Cell(day: day, state: state, label: label(day, state))
            }
            let opening = cells.first { $0.day.day == 1 }
            let label = opening.flatMap { $0.day.month <= monthNames.count ? monthNames[$0.day.month - 1] : nil }
            return Week(cells: cells, monthLabel: label)
        }
        trackedCount = tracked
    }
}
