import Devices
import Persistence

/// How much one import from another habit tracker may read and add (issue 36). Every bound is
/// checked before the work it bounds: a ZIP's entry count and declared sizes before anything is
/// inflated, a CSV's size before it is read.
public struct HabitImportLimits: Hashable, Sendable {
    /// The uploaded file, and each CSV inside a ZIP; also the CSVs' rows and columns.
    public var csv: CSVLimits
    /// Entries in a ZIP. Loop writes two files per habit and three more, so this holds a Loop
    /// export of as many habits as MyHabits keeps (`OwnerLimits.habits`).
    public var maxZIPEntries: Int
    /// What a ZIP's entries inflate to, all together: as declared, and as counted while inflating.
    public var maxUncompressedBytes: Int
    public var maxHabits: Int
    /// Distinct days one habit's rows may name (a century is 36,525).
    public var maxDaysPerHabit: Int
    /// Distinct days all habits together may bring (`OwnerLimits.daysPerFile`).
    public var maxDays: Int

    public init(
        csv: CSVLimits = CSVLimits(), maxZIPEntries: Int = 2_100, maxUncompressedBytes: Int = 50 * 1024 * 1024,
        maxHabits: Int = OwnerLimits.standard.habits, maxDaysPerHabit: Int = 36_600,
        maxDays: Int = OwnerLimits.standard.daysPerFile
    ) {
        self.csv = csv
        self.maxZIPEntries = maxZIPEntries
        self.maxUncompressedBytes = maxUncompressedBytes
        self.maxHabits = maxHabits
        self.maxDaysPerHabit = maxDaysPerHabit
        self.maxDays = maxDays
    }

    public static let standard = HabitImportLimits()
}
