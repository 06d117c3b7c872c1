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
    }

    public struct Row: Hashable, Sendable, Identifiable {
        public let id: Int64
        public let name: String
        public let color: HabitColor
        /// "Каждый день в 19:30".
        public let schedule: String
        /// "Счётчик: 3".
        public let counter: String
        public let isTrackedToday: Bool
        /// The circle's accessible name: "Track Run" or "Undo today's track of Run".
        public let trackLabel: String
        /// The question before undoing today's track (HB-5's mis-tap).
        public let undoMessage: String
        /// The counter and the circle's name once today's track is toggled: what the list shows at
        /// once when a tap is queued offline, before the server has seen it.
        public let toggledCounter: String
        public let toggledTrackLabel: String
    }

    public let progress: Progress
    public let rows: [Row]

    public init(overviews: [HabitOverview], catalogue: Catalogue) {
        let value = overviews.todayProgress
        let percent = Int((value * 100).rounded(.down))
        progress = Progress(
            value: value, percent: percent, text: catalogue.text("habits.progress.percent", ["percent": String(percent)]),
            motivation: Self.motivation(value: value, hasHabits: !overviews.isEmpty, catalogue: catalogue))
        // Each phrase is split into its parts once, then filled per card.
        let (schedule, counter) = (catalogue.template("habits.everyDayAt"), catalogue.template("habits.counter"))
        let (track, untrack) = (catalogue.template("habits.track.do"), catalogue.template("habits.track.undo"))
        let undoMessage = catalogue.template("habits.untrack.message")
        rows = overviews.map { overview in
            let name = overview.fields.name
            return Row(
                id: overview.id, name: name, color: overview.fields.color,
                schedule: overview.fields.time.dateString(schedule, language: catalogue.language),
                counter: counter.text("count", String(overview.trackCount)),
                isTrackedToday: overview.isTrackedToday,
                trackLabel: (overview.isTrackedToday ? untrack : track).text("name", name),
                undoMessage: undoMessage.text("name", name),
                toggledCounter: counter.text("count", String(max(0, overview.trackCount + (overview.isTrackedToday ? -1 : 1)))),
                toggledTrackLabel: (overview.isTrackedToday ? track : untrack).text("name", name))
        }
    }

    public var isEmpty: Bool { rows.isEmpty }

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
