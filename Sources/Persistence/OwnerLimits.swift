/// How much one owner may keep (issue 34): bounds no person meets, so that no anonymous device
/// can fill the disk. Each store keeps its bound in the same transaction as the write, so racing
/// posts, on one server or several over one database, cannot pass it.
///
/// What the others are bounded by: a habit has at most one tracked day a day (today or yesterday
/// on the device), a device at most one row each of language, time zone, drawing settings, photo
/// feed position and GitHub token; how many devices one client makes is the write rate's business.
public struct OwnerLimits: Sendable, Hashable {
    /// Cars in the list (174 B each on SQLite: 10,000 are about 1.7 MB).
    public var cars: Int
    /// Habits in MyHabits (a tracker with more than a few dozen is already unusual).
    public var habits: Int
    /// Tracked days one import or restore may bring, its habits together (issue 46, item 3): an
    /// owner could keep more day by day, but one file is written in one go, and this bounds how
    /// long that takes (about 100 habits over 13 years; a Loop export of 1,000 habits × 1,000
    /// days is refused with the reason).
    public var daysPerFile: Int

    public init(cars: Int = 10_000, habits: Int = 1_000, daysPerFile: Int = 500_000) {
        self.cars = cars
        self.habits = habits
        self.daysPerFile = daysPerFile
    }

    /// What a server keeps per owner unless told otherwise.
    public static let standard = OwnerLimits()
}

/// A write that would take an owner past its limit: nothing was written.
public struct OwnerLimitReached: Error, Sendable, Hashable {
    /// The limit the owner has reached.
    public let limit: Int

    public init(limit: Int) {
        self.limit = limit
    }
}
