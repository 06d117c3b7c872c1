/// What an import from another habit tracker adds (issue 36), before anything is stored: the
/// habits in the file's order, each with its done days, and what MyHabits cannot hold, counted,
/// so that the preview and the result can say that nothing was dropped silently.
public struct HabitImport: Hashable, Sendable {
    public enum Source: String, Hashable, Sendable {
        case loopHabitTracker, habitBull
    }

    public let source: Source
    /// Names are unique within the import; `avoidingNames(_:)` makes them unique in a person's list too.
    public private(set) var habits: [ImportedHabit]

    public init(source: Source, habits: [ImportedHabit]) {
        self.source = source
        self.habits = habits
    }

    public var trackedDayCount: Int { habits.reduce(0) { $0 + $1.trackedDays.count } }

    /// Everything the habits lose, added up.
    public var losses: ImportLosses { habits.reduce(ImportLosses()) { $0 + $1.losses } }

    /// The same import with " (2)", " (3)"… after each name a person's list already has, so an
    /// imported habit never merges silently into one of theirs.
    public func avoidingNames(_ existing: some Sequence<String>) -> HabitImport {
        let existing = Set(existing)
        // Names already unique within the import keep theirs; a clash takes a suffix neither list has.
        var taken = existing.union(habits.map(\.fields.name))
        var renamed = self
        for index in renamed.habits.indices where existing.contains(renamed.habits[index].fields.name) {
            renamed.habits[index].fields.name = ImportNames.unique(renamed.habits[index].fields.name, taken: &taken)
        }
        return renamed
    }
}

/// One habit to add: the fields a new habit gets, its done days, and what it loses.
public struct ImportedHabit: Hashable, Sendable {
    /// The name as the file has it, trimmed, with a suffix when it is taken; the tracker's colour
    /// where it has one, else the default; `HabitImport.defaultTime`.
    public var fields: HabitFields
    /// The name as the file has it, trimmed, before any suffix.
    public let originalName: String
    /// Ascending, each day once.
    public let trackedDays: [CalendarDay]
    /// Archived in the tracker it comes from (issue 38): archived here too.
    public let isArchived: Bool
    /// Days skipped there (issue 48, Loop's SKIP): ascending, none of them done.
    public let skippedDays: [CalendarDay]
    /// A note per day (issue 48, Loop's Notes), as `HabitNote.validated` keeps them.
    public let notes: [CalendarDay: String]
    /// A measurable habit's (`fields.measure`) number per day (issue 48); its done days are those
    /// the measure derives from them.
    public let values: [CalendarDay: Double]
    public let losses: ImportLosses

    public init(
        fields: HabitFields, originalName: String, trackedDays: [CalendarDay], isArchived: Bool = false, skippedDays: [CalendarDay] = [],
        notes: [CalendarDay: String] = [:], values: [CalendarDay: Double] = [:], losses: ImportLosses
    ) {
        self.fields = fields
        self.originalName = originalName
        let done = fields.measure.map { Set($0.doneDays(values, schedule: fields.schedule)) } ?? Set(trackedDays)
        self.values = fields.measure == nil ? [:] : values
        self.trackedDays = done.sorted()
        self.skippedDays = Set(skippedDays).subtracting(done).subtracting(self.values.keys).sorted()
        self.notes = notes
        self.isArchived = isArchived
        self.losses = losses
    }
}

extension HabitImport {
    /// The time an imported habit is due: neither tracker's export says, and a new habit's sheet
    /// starts at 8 AM (HB-4).
    public static let defaultTime = TimeOfDay(hour: 8, minute: 0)!
}

/// What MyHabits cannot hold, counted: habits that had a question, a description, a category, or
/// a frequency no `HabitSchedule` has (more than a month's days); days with a note, a numeric
/// value, a skip, or that the tracker filled in by frequency rather than the person marking them.
/// Since issue 38 a frequency of N in M days (M up to 31) and an archived habit are kept; since
/// issue 48 skips, notes and numbers, so `numericValues` counts only numbers no habit can hold
/// (negative, or beyond `HabitMeasure.maxValue`).
public struct ImportLosses: Hashable, Sendable {
    public var questions = 0
    public var descriptions = 0
    public var categories = 0
    public var nonDailyFrequencies = 0
    public var notes = 0
    public var numericValues = 0
    public var skippedDays = 0
    /// Loop's YES_AUTO days: not counted as done, since the person did not mark them.
    public var autoFilledDays = 0

    public init() {}

    public var isEmpty: Bool { self == ImportLosses() }

    public static func + (lhs: ImportLosses, rhs: ImportLosses) -> ImportLosses {
        var sum = lhs
        sum.questions += rhs.questions
        sum.descriptions += rhs.descriptions
        sum.categories += rhs.categories
        sum.nonDailyFrequencies += rhs.nonDailyFrequencies
        sum.notes += rhs.notes
        sum.numericValues += rhs.numericValues
        sum.skippedDays += rhs.skippedDays
        sum.autoFilledDays += rhs.autoFilledDays
        return sum
    }
}
