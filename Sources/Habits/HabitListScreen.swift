import Localization

/// The Habits tab (HB-5): the progress cell, then one row per habit.
public struct HabitListScreen: Sendable {
    public struct Progress: Hashable, Sendable {
        /// 0…1, the course's `todayProgress`.
        public let value: Double
        /// Whole percent, rounded down so 100% means every habit is done.
        public let percent: Int
        /// "40%" as the language writes it.
        public let text: String
        public let motivation: String
        /// How many of today's due habits are tracked today, of how many (issue 38: a habit whose
        /// schedule asks nothing today is in neither): what a tap queued offline counts from.
        public let done: Int
        public let total: Int
    }

    public struct Row: Hashable, Sendable, Identifiable {
        public let id: Int64
        public let name: String
        public let color: HabitColor
        /// "Каждый день в 19:30", "3 раза в неделю в 19:30" (`ScheduleText`).
        public let schedule: String
        /// "3 дня выполнено": the days done (issue 48: "Счётчик: 3" said nothing).
        public let counter: String
        public let isTrackedToday: Bool
        /// Whether the habit counts toward today's progress (`HabitOverview.isDueToday`).
        public let isDueToday: Bool
        /// The circle's accessible name: "Track Run" or "Undo today's track of Run".
        public let trackLabel: String
        /// The question before undoing today's track (HB-5's mis-tap).
        public let undoMessage: String
        /// The counter and the circle's name once today's track is toggled: what the list shows at
        /// once when a tap is queued offline, before the server has seen it.
        public let toggledCounter: String
        public let toggledTrackLabel: String
        /// A measurable habit's (issue 48): its card shows the period's "3.5 / 5 km" as its
        /// counter, and its circle opens today's sheet, named by this ("Enter today's number for
        /// Run"), instead of ticking.
        public var valueLabel: String? = nil
    }

    /// Rows shown at first and added by each "show more".
    public static let pageSize = 50
    /// The most rows one request may ask for (issue 34); past them the list goes on after the
    /// last habit shown (`after`, a habit's id). 200 cards are about 160 KB of HTML.
    public static let maximumRows = 200
    /// The row counts a URL may say: any larger count is no number, one above `maximumRows` is
    /// read as `maximumRows`.
    public static let limits = 1...1_000_000
    /// The cursors a URL may say: a habit's id.
    public static let cursors: ClosedRange<Int64> = 1...Int64.max

    /// How many rows to show when a URL asks for `requested`: at least one page, at most `maximumRows`.
    public static func limit(requested: Int?) -> Int {
        min(max(requested ?? pageSize, pageSize), maximumRows)
    }

    /// Today's progress over every due habit of the device, not only those on this page.
    public let progress: Progress
    /// The habits on this page, in the owner's order.
    public let rows: [Row]
    /// The page starts after the habit with this id; nil: at the first habit.
    public let after: Int64?
    /// How many rows this page may show (`limit(requested:)`).
    public let limit: Int
    /// How many habits the device has.
    public let total: Int
    /// Whether habits after the last one shown exist.
    public let hasMore: Bool

    /// The page of `overviews` (every habit of the device) after `after` with at most `limit`
    /// rows, under the progress of them all.
    public init(overviews: [HabitOverview], catalogue: Catalogue, after: Int64? = nil, limit: Int = pageSize) {
        progress = Self.progress(of: overviews, catalogue: catalogue)
        self.after = after
        self.limit = limit
        total = overviews.count
        // The list is in the owner's order (issue 38): the page goes on after the habit named; when
        // that habit has left the list since, after the habits made before it.
        let following: ArraySlice<HabitOverview>
        if let after, let index = overviews.firstIndex(where: { $0.id == after }) {
            following = overviews[(index + 1)...]
        } else {
            following = overviews.drop(while: { $0.id <= after ?? 0 })
        }
        hasMore = following.count > limit
        let templates = RowTemplates(catalogue)
        rows = following.prefix(limit).map { templates.row($0, language: catalogue.language) }
    }

    /// The progress cell for `overviews`, every habit of the device.
    public static func progress(of overviews: [HabitOverview], catalogue: Catalogue) -> Progress {
        let value = overviews.todayProgress
        let percent = Int((value * 100).rounded(.down))
        return Progress(
            value: value, percent: percent, text: catalogue.text("habits.progress.percent", ["percent": String(percent)]),
            motivation: Self.motivation(value: value, hasHabits: !overviews.isEmpty, catalogue: catalogue),
            done: overviews.count(where: { $0.isDueToday && $0.isTrackedToday }), total: overviews.count(where: \.isDueToday))
    }

    /// One habit's row, as the list draws it.
    public static func row(_ overview: HabitOverview, catalogue: Catalogue) -> Row {
        RowTemplates(catalogue).row(overview, language: catalogue.language)
    }

    /// Each phrase of a row split into its parts once, then filled per card.
    private struct RowTemplates {
        let track, untrack, undoMessage: CatalogueTemplate
        let counter: PluralTemplate
        let schedule: ScheduleText
        let measureText: MeasureText
        let enterValue: CatalogueTemplate

        init(_ catalogue: Catalogue) {
            (measureText, enterValue) = (MeasureText(catalogue), catalogue.template("habits.track.enterValue"))
            (schedule, counter) = (ScheduleText(catalogue), catalogue.pluralTemplate("habits.counter"))
            (track, untrack) = (catalogue.template("habits.track.do"), catalogue.template("habits.track.undo"))
            undoMessage = catalogue.template("habits.untrack.message")
        }

        func row(_ overview: HabitOverview, language: Language) -> Row {
            let name = overview.fields.name
            if let measure = overview.fields.measure {
                let progress = measureText.progress(overview.periodTotal, of: measure)
                return Row(
                    id: overview.id, name: name, color: overview.fields.color,
                    schedule: schedule.text(overview.fields.schedule, at: overview.fields.time), counter: progress,
                    isTrackedToday: overview.isTrackedToday, isDueToday: overview.isDueToday, trackLabel: enterValue.text("name", name),
                    undoMessage: "", toggledCounter: progress, toggledTrackLabel: enterValue.text("name", name),
                    valueLabel: enterValue.text("name", name))
            }
            return Row(
                id: overview.id, name: name, color: overview.fields.color,
                schedule: schedule.text(overview.fields.schedule, at: overview.fields.time),
                counter: counter.text(count: overview.trackCount),
                isTrackedToday: overview.isTrackedToday, isDueToday: overview.isDueToday,
                trackLabel: (overview.isTrackedToday ? untrack : track).text("name", name),
                undoMessage: undoMessage.text("name", name),
                toggledCounter: counter.text(count: max(0, overview.trackCount + (overview.isTrackedToday ? -1 : 1))),
                toggledTrackLabel: (overview.isTrackedToday ? track : untrack).text("name", name))
        }
    }

    /// Whether the device has no habit at all.
    public var isEmpty: Bool { total == 0 }

    /// What "show more" opens: the same page with one more page of rows while that stays within
    /// `maximumRows`, else the next page, after the last habit shown.
    public var next: (after: Int64?, limit: Int?) {
        if rows.count + Self.pageSize <= Self.maximumRows { return (after, rows.count + Self.pageSize) }
        return (rows.last?.id ?? after, nil)
    }

    /// The course's "Всё получится!", with a word for the finished day.
    public static func motivation(value: Double, hasHabits: Bool, catalogue: Catalogue) -> String {
        guard hasHabits else { return catalogue.text("habits.progress.start") }
        return catalogue.text(value >= 1 ? "habits.progress.done" : "habits.progress.motivation")
    }
}

/// What a track or an untrack changed: the habit's row and the progress cell, as the list draws them.
public struct TrackReply: Hashable, Sendable {
    public let row: HabitListScreen.Row
    public let progress: HabitListScreen.Progress
}
