import Foundation

/// Where one device's habits live. Storage implements it on SQLite, scoped to the device.
public protocol HabitStore: Sendable {
    /// The list rows, in the order the habits were created; `today` decides `isTrackedToday`.
    func overviews(today: CalendarDay) async throws -> [HabitOverview]
    /// Every habit with all its tracked days, in creation order.
    func habits() async throws -> [Habit]
    func habit(id: Int64) async throws -> Habit?
    /// When the device first used the tracker: its earliest habit creation and earliest track.
    func firstActivity() async throws -> FirstActivity
    func create(_ fields: HabitFields, at date: Date) async throws -> Habit
    /// False when there is no such habit on this device.
    func update(id: Int64, with fields: HabitFields) async throws -> Bool
    func delete(id: Int64) async throws -> Bool
    /// Records a track on `day`; a second track on the same day changes nothing.
    func track(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange
    func untrack(id: Int64, on day: CalendarDay) async throws -> TrackChange
    /// Adds every habit of `imported` with its days, in one transaction (issue 36): a name this
    /// device already has takes a suffix (`HabitImport.avoidingNames`), never merges. Returns what
    /// was added, names as stored. Throws `OwnerLimitReached`, adding nothing, when the habits
    /// would pass the device's limit.
    func add(_ imported: HabitImport, at date: Date) async throws -> HabitImport
}

public struct FirstActivity: Hashable, Sendable {
    public let created: Date?
    public let tracked: CalendarDay?

    public init(created: Date?, tracked: CalendarDay?) {
        self.created = created
        self.tracked = tracked
    }
}

public enum TrackChange: Hashable, Sendable {
    case changed
    case unchanged
    case noSuchHabit
}
