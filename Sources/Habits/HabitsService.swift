import Devices
import Foundation
import Localization
import Persistence

/// The course's `HabitsStore` semantics on a `HabitStore`, with the clock and the device's time
/// zone injected, comparing whole calendar days, plus the screens the web face draws.
///
/// Course API: `habits`, `dates`, `todayProgress`, `track`, `isAlreadyTakenToday`,
/// `habit(_:isTrackedIn:)` and `dateString` keep the course's `HabitsStore` shape so an iOS app
/// written against it runs unchanged; the web face uses the screen methods below them.
///
/// The web face calls only this type: it owns the store and every decision about habits.
public struct HabitsService<Store: HabitStore>: Sendable {
    let store: Store
    public let timeZone: TimeZone
    private let now: @Sendable () -> Date

    public init(store: Store, timeZone: TimeZone, now: @escaping @Sendable () -> Date) {
        self.store = store
        self.timeZone = timeZone
        self.now = now
    }

    /// Today in the device's time zone.
    public var today: CalendarDay { CalendarDay(now(), in: timeZone) }

    /// A file from another habit tracker read (issue 36): Loop Habit Tracker's ZIP or HabitBull's
    /// CSV, no day after today on the device; nothing is stored.
    public func readImport(_ data: Data) throws(HabitImportError) -> HabitImport {
        try HabitImporter.read(data, today: today)
    }

    /// What adding `imported` would add here: names this device already has take a suffix.
    public func importPreview(_ imported: HabitImport) async throws -> HabitImport {
        imported.avoidingNames(try await store.overviews(today: today).map(\.fields.name))
    }

    /// Adds `imported` in one transaction; returns it as added (names as stored).
    public func add(_ imported: HabitImport, spending: SpentConfirmation? = nil) async throws -> HabitImport {
        try await store.add(imported, at: now(), spending: spending)
    }

    public func habits() async throws -> [Habit] {
        try await store.habits()
    }

    public func overviews() async throws -> [HabitOverview] {
        try await store.overviews(today: today)
    }

    /// Each day from the device's first use of the tracker to today, oldest first; just today
    /// before anything was created.
    public func dates() async throws -> [CalendarDay] {
        let today = today
        let first = try await firstDay() ?? today
        return (0...max(0, first.days(to: today))).map { first.adding(days: $0) }
    }

    /// The first day of `dates()` without building the list.
    public func firstDay() async throws -> CalendarDay? {
        let activity = try await store.firstActivity()
        let created = activity.created.map { CalendarDay($0, in: timeZone) }
        return [created, activity.tracked].compactMap { $0 }.min().map { min($0, today) }
    }

    public func todayProgress() async throws -> Double {
        try await overviews().todayProgress
    }

    public func isAlreadyTakenToday(_ habit: Habit) -> Bool {
        habit.isTracked(on: today)
    }

    public func habit(_ habit: Habit, isTrackedIn day: CalendarDay) -> Bool {
        habit.isTracked(on: day)
    }

    /// Tracks the habit for today; a second track the same day changes nothing.
    @discardableResult
    public func track(habitID: Int64) async throws -> TrackChange {
        try await store.track(id: habitID, on: today, at: now())
    }

    /// Takes back today's track (a mis-tap); earlier days stay as they are.
    @discardableResult
    public func untrack(habitID: Int64) async throws -> TrackChange {
        try await store.untrack(id: habitID, on: today)
    }

    /// Creates the habit; throws `OwnerLimitReached` (creating nothing) when the device keeps as
    /// many habits as it may.
    public func create(_ fields: HabitFields) async throws -> Habit {
        try await store.create(fields, at: now())
    }

    /// The Habits tab (HB-5): the page after the habit `after` (the first when nil) with the rows
    /// `requested` within `HabitListScreen.limit(requested:)`, under the progress of every habit.
    /// Reads every habit's overview (at most `OwnerLimits.habits`; the progress counts them all)
    /// and draws only the page's.
    public func listScreen(catalogue: Catalogue, after: Int64? = nil, requested: Int? = nil) async throws -> HabitListScreen {
        HabitListScreen(overviews: try await overviews(), catalogue: catalogue, after: after, limit: HabitListScreen.limit(requested: requested))
    }

    /// The Habits tab asking whether to undo today's track of `habitID` (HB-5 without a script),
    /// on the page the question was asked from; nil when the device has no such habit, so there is
    /// nothing to ask about.
    public func undoQuestion(
        habitID: Int64, after: Int64? = nil, requested: Int? = nil, catalogue: Catalogue
    ) async throws -> (screen: HabitListScreen, row: HabitListScreen.Row)? {
        let overviews = try await overviews()
        guard let overview = overviews.first(where: { $0.id == habitID }) else { return nil }
        let screen = HabitListScreen(overviews: overviews, catalogue: catalogue, after: after, limit: HabitListScreen.limit(requested: requested))
        return (screen, HabitListScreen.row(overview, catalogue: catalogue))
    }

    /// One habit, for its edit sheet; nil when the device has no such habit.
    public func habit(id: Int64) async throws -> Habit? {
        try await store.habit(id: id)
    }

    /// Saves an edited habit's fields (HB-7); false when there is no such habit.
    public func update(habitID: Int64, with fields: HabitFields) async throws -> Bool {
        try await store.update(id: habitID, with: fields)
    }

    /// Deletes a habit and its tracks (HB-8); false when there is no such habit.
    public func delete(habitID: Int64) async throws -> Bool {
        try await store.delete(id: habitID)
    }

    /// A habit's details (HB-6) showing its newest `limit` days; nil when there is no such habit.
    public func detailsScreen(habitID: Int64, limit: Int = HabitDetailsScreen.pageSize, catalogue: Catalogue) async throws -> HabitDetailsScreen? {
        guard let habit = try await store.habit(id: habitID) else { return nil }
        let today = today
        return HabitDetailsScreen(
            habit: habit, stats: stats(of: habit), firstDay: try await firstDay() ?? today, today: today,
            changeable: habit.changeableDays(today: today), catalogue: catalogue, limit: limit)
    }

    /// Tracks or untracks today; false when there is no such habit. The same change sent twice
    /// changes the habit once. Reads no list: a plain form is answered with a redirect to the
    /// list, which reads it then.
    public func setTracked(_ tracked: Bool, habitID: Int64) async throws -> Bool {
        let today = today
        let change = tracked ? try await store.track(id: habitID, on: today, at: now()) : try await store.untrack(id: habitID, on: today)
        return change != .noSuchHabit
    }

    /// Tracks or untracks a stated day (issue 38): a past day from the details' history, or the
    /// day a tap queued offline was made on, replayed later from the outbox (a tick at 23:58
    /// replayed at 00:10 counts for the day it was made). Any day of the last year
    /// (`Habit.changeableDays`, issue 48) to today in the device's zone; never a later day. The
    /// same change sent twice changes the habit once.
    public func setTracked(_ tracked: Bool, habitID: Int64, on day: CalendarDay) async throws -> DayChange {
        guard let habit = try await store.habit(id: habitID) else { return .noSuchHabit }
        if let refusal = refusal(of: day, for: habit) { return .refused(refusal) }
        let change = tracked ? try await store.track(id: habitID, on: day, at: now()) : try await store.untrack(id: habitID, on: day)
        return change == .noSuchHabit ? .noSuchHabit : .done
    }

    /// How many habits on the list are due today and not yet done (issue 48: the app's badge).
    public func dueLeftToday() async throws -> Int {
        try await store.overviews(today: today).count { $0.isDueToday && !$0.isTrackedToday }
    }

    /// Saves a day's sheet (issue 48): done, skipped or neither, and its note (`HabitNote`; empty
    /// removes it). A measurable habit's day is skipped or given `value` as typed in `language`
    /// (`DecimalText`; empty removes it) instead of done. A refused day, or a note or value that
    /// cannot be kept, changes nothing.
    public func saveDay(
        habitID: Int64, on day: CalendarDay, state: DayState, note: String, value: String = "", language: Language = .en
    ) async throws -> DaySave {
        let kept: String?
        switch HabitNote.validated(note) {
        case .success(let note): kept = note
        case .failure(let error): return .invalidNote(error)
        }
        guard let habit = try await store.habit(id: habitID) else { return .noSuchHabit }
        if let refusal = refusal(of: day, for: habit) { return .refused(refusal) }
        if habit.measure != nil, state != .skipped {
            let typed = value.trimmingCharacters(in: .whitespacesAndNewlines)
            let number = typed.isEmpty ? nil : DecimalText.parse(typed, language: language)
            if !typed.isEmpty, number.map(HabitMeasure.isValid) != true { return .invalidValue(.invalidValue) }
            _ = try await store.unskip(id: habitID, on: day)
            _ = try await store.setValue(id: habitID, on: day, number, at: now())
            return try await store.setNote(id: habitID, on: day, kept) == .noSuchHabit ? .noSuchHabit : .saved
        }
        switch state {
        case .done: _ = try await store.track(id: habitID, on: day, at: now())
        case .skipped:
            _ = try await store.skip(id: habitID, on: day, at: now())
        case .none:
            _ = try await store.untrack(id: habitID, on: day)
            _ = try await store.unskip(id: habitID, on: day)
        }
        return try await store.setNote(id: habitID, on: day, kept) == .noSuchHabit ? .noSuchHabit : .saved
    }

    /// Why `day` cannot be changed on `habit`, or nil when it can (`Habit.changeableDays`).
    public func refusal(of day: CalendarDay, for habit: Habit) -> HabitDayRefusal? {
        let days = habit.changeableDays(today: today)
        if day > days.upperBound { return .future }
        if day < days.lowerBound { return .beforeStart }
        return nil
    }


    // MARK: Archive and order (issue 38)

    /// Takes the habit off the list, keeping its days; false when there is no such habit.
    public func archive(habitID: Int64) async throws -> Bool {
        try await store.setArchived(id: habitID, true)
    }

    /// Puts an archived habit back on the list, where it was; false when there is no such habit.
    public func restore(habitID: Int64) async throws -> Bool {
        try await store.setArchived(id: habitID, false)
    }

    /// Moves the habit one place up or down the list; false when it is not on the list.
    public func move(habitID: Int64, _ move: HabitMove) async throws -> Bool {
        try await store.move(id: habitID, move)
    }

    /// The Archived screen: the archived habits, each to restore.
    public func archiveScreen(catalogue: Catalogue) async throws -> HabitArchiveScreen {
        HabitArchiveScreen(overviews: try await store.archivedOverviews(today: today), catalogue: catalogue)
    }

    /// The Order screen: the list's habits with Move up, Move down and Archive.
    public func orderScreen(catalogue: Catalogue) async throws -> HabitOrderScreen {
        HabitOrderScreen(overviews: try await overviews(), catalogue: catalogue)
    }

    /// What the habit's row and the progress cell show now (HB-5: no reload), for a script's
    /// answer to a track or an untrack: reads every habit's overview, as the progress counts them
    /// all; nil when there is no such habit.
    public func trackReply(habitID: Int64, catalogue: Catalogue) async throws -> TrackReply? {
        let overviews = try await overviews()
        guard let overview = overviews.first(where: { $0.id == habitID }) else { return nil }
        return TrackReply(row: HabitListScreen.row(overview, catalogue: catalogue), progress: HabitListScreen.progress(of: overviews, catalogue: catalogue))
    }

    /// Counted against the habit's schedule from its first recorded day (`HabitStats`).
    public func stats(of habit: Habit) -> HabitStats {
        HabitStats(
            trackedDays: habit.trackedDays, skippedDays: habit.skippedDays, today: today, schedule: habit.schedule, measure: habit.measure,
            values: habit.values)
    }

    /// The course's `dateString`: "Каждый день в 19:30" / "Every day at 7:30 PM" / "Codziennie o 19:30";
    /// for another schedule "3 times a week at 7:30 PM" (`ScheduleText`).
    public func dateString(_ habit: Habit, in catalogue: Catalogue) -> String {
        ScheduleText(catalogue).text(habit.schedule, at: habit.time)
    }
}

/// What saving a day's sheet came to (issue 48).
public enum DaySave: Hashable, Sendable {
    case saved
    case noSuchHabit
    case refused(HabitDayRefusal)
    case invalidNote(HabitFieldError)
    /// A measurable habit's value that is not a number a day can hold (issue 48).
    case invalidValue(HabitFieldError)
}

/// What a change of a stated day came to (issue 38).
public enum DayChange: Hashable, Sendable {
    case done
    case noSuchHabit
    case refused(HabitDayRefusal)
}

extension HabitDayRefusal {
    /// What a person reads when the day cannot be changed.
    public func message(in catalogue: Catalogue) -> String {
        switch self {
        case .future: catalogue.text("habits.day.refused.future")
        case .beforeStart: catalogue.text("habits.day.refused.beforeStart")
        }
    }
}

extension TimeOfDay {
    /// "Каждый день в 19:30" / "Every day at 7:30 PM" / "Codziennie o 19:30".
    public func dateString(in catalogue: Catalogue) -> String {
        dateString(catalogue.template("habits.everyDayAt"), language: catalogue.language)
    }

    /// The same from the phrase's template, for a list that fills it once per habit.
    func dateString(_ everyDayAt: CatalogueTemplate, language: Language) -> String {
        everyDayAt.text("time", language == .en ? twelveHour : value)
    }
}

extension [HabitOverview] {
    /// The share of today's due habits (`HabitOverview.isDueToday`, issue 38) tracked today,
    /// 0…1: the course's `todayProgress`. 0 without habits; 1 when none is due today, since
    /// nothing is left to do.
    public var todayProgress: Double {
        let due = count(where: \.isDueToday)
        guard due > 0 else { return isEmpty ? 0 : 1 }
        return Double(count(where: { $0.isDueToday && $0.isTrackedToday })) / Double(due)
    }
}

extension OwnerLimitReached {
    /// What a person reads when their device keeps as many habits as one may.
    public func habitsMessage(in catalogue: Catalogue) -> String {
        catalogue.plural("habits.error.limitReached", count: limit, ["limit": catalogue.language.grouped(limit)])
    }
}
