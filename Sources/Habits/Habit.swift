import Foundation

/// A habit and every day it was tracked (the course's `Habit(name, date, trackDates, color)`).
public struct Habit: Identifiable, Hashable, Sendable {
    public let id: Int64
    public var name: String
    public var time: TimeOfDay
    public var color: HabitColor
    /// How often it is meant to be done (issue 38).
    public var schedule: HabitSchedule
    public let createdAt: Date
    /// Ascending, each day at most once: a habit is tracked at most once a day.
    public private(set) var trackedDays: [CalendarDay]
    /// Days skipped (issue 48, Loop's SKIP): ascending, never a tracked day. A skipped day
    /// neither breaks a streak nor counts against done %.
    public private(set) var skippedDays: [CalendarDay]
    /// A note per day (issue 48, Loop's Notes), `HabitNote.maxLength` characters at most.
    public private(set) var notes: [CalendarDay: String]
    /// Archived (issue 38): off the list, its days kept, back on the list when restored.
    public var isArchived: Bool

    public init(
        id: Int64, name: String, time: TimeOfDay, color: HabitColor, schedule: HabitSchedule = .daily, createdAt: Date,
        trackedDays: [CalendarDay], skippedDays: [CalendarDay] = [], notes: [CalendarDay: String] = [:], isArchived: Bool = false
    ) {
        self.id = id
        self.schedule = schedule
        self.isArchived = isArchived
        self.name = name
        self.time = time
        self.color = color
        self.createdAt = createdAt
        let tracked = Set(trackedDays)
        self.trackedDays = tracked.sorted()
        self.skippedDays = Set(skippedDays).subtracting(tracked).sorted()
        self.notes = notes
    }

    public var fields: HabitFields {
        HabitFields(name: name, time: time, color: color, schedule: schedule)
    }

    /// A habit made of `fields`.
    public init(
        id: Int64, fields: HabitFields, createdAt: Date, trackedDays: [CalendarDay], skippedDays: [CalendarDay] = [],
        notes: [CalendarDay: String] = [:], isArchived: Bool = false
    ) {
        self.init(id: id, name: fields.name, time: fields.time, color: fields.color, schedule: fields.schedule, createdAt: createdAt,
                  trackedDays: trackedDays, skippedDays: skippedDays, notes: notes, isArchived: isArchived)
    }

    /// The same habit with `fields` instead (an edit keeps every day, skip and note).
    public func with(_ fields: HabitFields) -> Habit {
        Habit(id: id, fields: fields, createdAt: createdAt, trackedDays: trackedDays, skippedDays: skippedDays, notes: notes, isArchived: isArchived)
    }

    /// What `day` holds: done, skipped or nothing.
    public func state(on day: CalendarDay) -> DayState {
        if isTracked(on: day) { return .done }
        let index = skippedDays.index(notBefore: day)
        return index < skippedDays.count && skippedDays[index] == day ? .skipped : .none
    }

    /// Sets `day` to `state`, as a store does: done takes the day out of the skipped ones and the
    /// other way round. False when the day held that state already.
    public mutating func set(_ state: DayState, on day: CalendarDay) -> Bool {
        guard self.state(on: day) != state else { return false }
        trackedDays.removeAll { $0 == day }
        skippedDays.removeAll { $0 == day }
        switch state {
        case .done: trackedDays.insert(day, at: trackedDays.index(notBefore: day))
        case .skipped: skippedDays.insert(day, at: skippedDays.index(notBefore: day))
        case .none: break
        }
        return true
    }

    /// Sets or (nil) removes `day`'s note. False when it was so already.
    public mutating func setNote(_ note: String?, on day: CalendarDay) -> Bool {
        guard notes[day] != note else { return false }
        notes[day] = note
        return true
    }

    /// The course's `habit(_:isTrackedIn:)`, comparing whole days rather than the day of the month.
    public func isTracked(on day: CalendarDay) -> Bool {
        let index = trackedDays.index(notBefore: day)
        return index < trackedDays.count && trackedDays[index] == day
    }

    /// The days a person may tick or untick (issue 48): any day of the last year, the heatmap's
    /// 53 weeks to `today` (`changeableSpan` days), and every earlier day recorded (an import keeps
    /// days from years before), whenever the habit was made here.
    public func changeableDays(today: CalendarDay) -> ClosedRange<CalendarDay> {
        let yearAgo = today.adding(days: 1 - Self.changeableSpan)
        let first = [trackedDays.first, skippedDays.first, notes.keys.min(), yearAgo].compactMap { $0 }.min() ?? yearAgo
        return first...today
    }

    /// The heatmap's 53 weeks: every day it shows up to today can be changed.
    public static let changeableSpan = 7 * Heatmap.weeks
}

extension Habit {
    /// The list row's facts on `today`, worked out from the days: what the stores' one statement
    /// reads from their columns.
    public func overview(today: CalendarDay) -> HabitOverview {
        let period = schedule.period(containing: today)
        let earlier = period.map { period in trackedDays.count { period.lowerBound <= $0 && $0 < today } } ?? 0
        return HabitOverview(
            id: id, fields: fields, trackCount: trackedDays.count, isTrackedToday: isTracked(on: today),
            isDueToday: schedule.isDue(on: today, doneEarlierInPeriod: earlier))
    }
}

/// What a day of a habit holds (issue 48).
public enum DayState: String, CaseIterable, Hashable, Sendable {
    case done, skipped, none
}

/// Why a day cannot be ticked or unticked (issue 38).
public enum HabitDayRefusal: Error, Hashable, Sendable {
    /// After today in the device's zone.
    case future
    /// Before the last year (`Habit.changeableDays`).
    case beforeStart
}

/// Which way a habit moves in its owner's list (issue 38).
public enum HabitMove: String, Hashable, Sendable {
    case up, down
}

/// What a person sets on the habit sheet: everything but the id, creation date and tracks.
public struct HabitFields: Hashable, Sendable {
    public var name: String
    public var time: TimeOfDay
    public var color: HabitColor
    public var schedule: HabitSchedule

    public init(name: String, time: TimeOfDay, color: HabitColor, schedule: HabitSchedule = .daily) {
        self.name = name
        self.time = time
        self.color = color
        self.schedule = schedule
    }
}

/// One row of the habits list: the habit without its days, plus what the row shows about them.
public struct HabitOverview: Identifiable, Hashable, Sendable {
    public let id: Int64
    public let fields: HabitFields
    /// How many days the habit was tracked (the course's track counter).
    public let trackCount: Int
    public let isTrackedToday: Bool
    /// Whether the schedule asks for the habit today and its period is not met by earlier days
    /// (`HabitSchedule.isDue`): the list's progress counts only these (issue 38).
    public let isDueToday: Bool

    public init(id: Int64, fields: HabitFields, trackCount: Int, isTrackedToday: Bool, isDueToday: Bool = true) {
        self.id = id
        self.fields = fields
        self.trackCount = trackCount
        self.isTrackedToday = isTrackedToday
        self.isDueToday = isDueToday
    }
}
