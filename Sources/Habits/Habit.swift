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
    /// Archived (issue 38): off the list, its days kept, back on the list when restored.
    public var isArchived: Bool

    public init(
        id: Int64, name: String, time: TimeOfDay, color: HabitColor, schedule: HabitSchedule = .daily, createdAt: Date,
        trackedDays: [CalendarDay], isArchived: Bool = false
    ) {
        self.id = id
        self.schedule = schedule
        self.isArchived = isArchived
        self.name = name
        self.time = time
        self.color = color
        self.createdAt = createdAt
        self.trackedDays = Array(Set(trackedDays)).sorted()
    }

    public var fields: HabitFields {
        HabitFields(name: name, time: time, color: color, schedule: schedule)
    }

    /// A habit made of `fields`.
    public init(id: Int64, fields: HabitFields, createdAt: Date, trackedDays: [CalendarDay], isArchived: Bool = false) {
        self.init(id: id, name: fields.name, time: fields.time, color: fields.color, schedule: fields.schedule, createdAt: createdAt,
                  trackedDays: trackedDays, isArchived: isArchived)
    }

    /// The course's `habit(_:isTrackedIn:)`, comparing whole days rather than the day of the month.
    public func isTracked(on day: CalendarDay) -> Bool {
        let index = trackedDays.index(notBefore: day)
        return index < trackedDays.count && trackedDays[index] == day
    }

    /// The days a person may tick or untick (issue 38): from the habit's first day in `timeZone`
    /// to `today`. The first day is the creation day, or an earlier tracked day (an import keeps
    /// days from before the habit was made here), never after today.
    public func changeableDays(today: CalendarDay, in timeZone: TimeZone) -> ClosedRange<CalendarDay> {
        let created = CalendarDay(createdAt, in: timeZone)
        let first = min(trackedDays.first.map { min($0, created) } ?? created, today)
        return first...today
    }
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

/// Why a day cannot be ticked or unticked (issue 38).
public enum HabitDayRefusal: Error, Hashable, Sendable {
    /// After today in the device's zone.
    case future
    /// Before the habit's first day.
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
