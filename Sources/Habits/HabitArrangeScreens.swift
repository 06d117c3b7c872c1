import Localization

/// The Order screen (issue 38): the list's habits, each with Move up, Move down and Archive,
/// controls that work as plain form buttons and name their habit for VoiceOver.
public struct HabitOrderScreen: Sendable {
    public struct Row: Hashable, Sendable, Identifiable {
        public let id: Int64
        public let name: String
        public let color: HabitColor
        /// "Every day at 7:30 AM".
        public let schedule: String
        /// False for the first habit: it has no Move up.
        public let canMoveUp: Bool
        /// False for the last habit: it has no Move down.
        public let canMoveDown: Bool
        /// "Move “Run” up", "Move “Run” down", "Archive “Run”".
        public let moveUpLabel: String
        public let moveDownLabel: String
        public let archiveLabel: String
    }

    /// In the list's order.
    public let rows: [Row]

    public init(overviews: [HabitOverview], catalogue: Catalogue) {
        let (up, down, archive) = (catalogue.template("habits.order.moveUp"), catalogue.template("habits.order.moveDown"),
                                   catalogue.template("habits.order.archive"))
        let scheduleText = ScheduleText(catalogue)
        rows = overviews.enumerated().map { index, overview in
            let name = overview.fields.name
            return Row(
                id: overview.id, name: name, color: overview.fields.color,
                schedule: scheduleText.text(overview.fields.schedule, at: overview.fields.time),
                canMoveUp: index > 0, canMoveDown: index < overviews.count - 1,
                moveUpLabel: up.text("name", name), moveDownLabel: down.text("name", name), archiveLabel: archive.text("name", name))
        }
    }
}

/// The Archived screen (issue 38): habits taken off the list, their days kept, each to restore.
public struct HabitArchiveScreen: Sendable {
    public struct Row: Hashable, Sendable, Identifiable {
        public let id: Int64
        public let name: String
        public let color: HabitColor
        /// "3 days done": the days kept (issue 48: "Counter: 3" said nothing).
        public let counter: String
        /// "Restore “Run” to the list".
        public let restoreLabel: String
    }

    public let rows: [Row]

    public init(overviews: [HabitOverview], catalogue: Catalogue) {
        let (counter, restore) = (catalogue.pluralTemplate("habits.counter"), catalogue.template("habits.archive.restore"))
        rows = overviews.map { overview in
            Row(id: overview.id, name: overview.fields.name, color: overview.fields.color,
                counter: counter.text(count: overview.trackCount),
                restoreLabel: restore.text("name", overview.fields.name))
        }
    }
}
