import Foundation
import Persistence

/// Where one device's habits live. Storage implements it on SQLite, scoped to the device.
public protocol HabitStore: Sendable {
    /// The list rows: the habits not archived, in the owner's order (creation order until a habit
    /// is moved); `today` decides `isTrackedToday`.
    func overviews(today: CalendarDay) async throws -> [HabitOverview]
    /// The archived habits' rows, in the owner's order (issue 38).
    func archivedOverviews(today: CalendarDay) async throws -> [HabitOverview]
    /// Every habit, archived ones too, with all its tracked days, in the owner's order.
    func habits() async throws -> [Habit]
    func habit(id: Int64) async throws -> Habit?
    /// When the device first used the tracker: its earliest habit creation and earliest track.
    func firstActivity() async throws -> FirstActivity
    func create(_ fields: HabitFields, at date: Date) async throws -> Habit
    /// False when there is no such habit on this device. A habit keeps its kind (issue 48): a
    /// yes/no habit's `fields.measure` is ignored, and a measurable habit keeps its measure when
    /// `fields` has none; a measurable habit's tracks are derived again from its values
    /// (`HabitMeasure.doneDays`), as its target or period may have changed.
    func update(id: Int64, with fields: HabitFields) async throws -> Bool
    func delete(id: Int64) async throws -> Bool
    /// Records a track on `day`; a second track on the same day changes nothing.
    func track(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange
    func untrack(id: Int64, on day: CalendarDay) async throws -> TrackChange
    /// Skips `day` (issue 48): a done day stops being done; a second skip changes nothing. A
    /// measurable habit's day loses its value, and its period's done days are derived again
    /// (those that become done are tracked at `date`).
    func skip(id: Int64, on day: CalendarDay, at date: Date) async throws -> TrackChange
    func unskip(id: Int64, on day: CalendarDay) async throws -> TrackChange
    /// Sets `day`'s note (`HabitNote.validated`), or removes it with nil.
    func setNote(id: Int64, on day: CalendarDay, _ note: String?) async throws -> TrackChange
    /// Sets a measurable habit's value on `day` (`HabitMeasure.isValid`), or removes it with nil
    /// (issue 48), in one transaction with what follows from it: a value unskips the day, and the
    /// done days (tracks) of the day's period are written again as `HabitMeasure.doneDays(in:values:)`
    /// says. `.unchanged` for a yes/no habit, whose days are ticked, not valued.
    func setValue(id: Int64, on day: CalendarDay, _ value: Double?, at date: Date) async throws -> TrackChange
    /// Adds every habit of `imported` with its days, in one transaction (issue 36): a name this
    /// device already has takes a suffix (`HabitImport.avoidingNames`), never merges. Returns what
    /// was added, names as stored. Throws `OwnerLimitReached`, adding nothing, when the habits
    /// would pass the device's limit.
    /// With `spending`, the transaction spends that preview's confirmation first, and throws
    /// `AlreadyConfirmed`, adding nothing, when it was spent (issue 46, item 9).
    func add(_ imported: HabitImport, at date: Date, spending: SpentConfirmation?) async throws -> HabitImport
    /// Archives or restores a habit (issue 38); its days and its place in the order stay. False
    /// when there is no such habit on this device.
    func setArchived(id: Int64, _ archived: Bool) async throws -> Bool
    /// Swaps the habit with its neighbour on the list (archived habits are skipped), the order
    /// kept per owner (issue 38). False when there is no such habit on the list; true, changing
    /// nothing, for the first habit moved up or the last moved down.
    func move(id: Int64, _ move: HabitMove) async throws -> Bool
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

extension HabitStore {
    /// Adds `imported` with no preview to spend (a direct import, the contract tests).
    public func add(_ imported: HabitImport, at date: Date) async throws -> HabitImport {
        try await add(imported, at: date, spending: nil)
    }
}
