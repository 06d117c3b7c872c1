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
    /// A measurable habit's number per day (issue 48); its done days (`trackedDays`) are those
    /// `measure` derives from them. Empty for a yes/no habit.
    public private(set) var values: [CalendarDay: Double]
    /// Set for a measurable habit (issue 48); nil for yes/no.
    public var measure: HabitMeasure?
    /// Archived (issue 38): off the list, its days kept, back on the list when restored.
    public var isArchived: Bool

    public init(
        id: Int64, name: String, time: TimeOfDay, color: HabitColor, schedule: HabitSchedule = .daily, createdAt: Date,
        trackedDays: [CalendarDay], skippedDays: [CalendarDay] = [], notes: [CalendarDay: String] = [:], isArchived: Bool = false,
        measure: HabitMeasure? = nil, values: [CalendarDay: Double] = [:]
    ) {
        self.id = id
        self.measure = measure
        self.values = measure == nil ? [:] : values
        self.schedule = schedule
        self.isArchived = isArchived
        self.name = name
        self.time = time
        self.color = color
        self.createdAt = createdAt
        let tracked = trackedDays.ascendingUnique()
        self.trackedDays = tracked
        self.skippedDays = skippedDays.ascendingUnique().removingAll(in: tracked)
        self.notes = notes
    }

    public var fields: HabitFields {
        HabitFields(name: name, time: time, color: color, schedule: schedule, measure: measure)
    }

    /// A habit made of `fields`.
    public init(
        id: Int64, fields: HabitFields, createdAt: Date, trackedDays: [CalendarDay], skippedDays: [CalendarDay] = [],
        notes: [CalendarDay: String] = [:], isArchived: Bool = false, values: [CalendarDay: Double] = [:]
    ) {
        self.init(id: id, name: fields.name, time: fields.time, color: fields.color, schedule: fields.schedule, createdAt: createdAt,
                  trackedDays: trackedDays, skippedDays: skippedDays, notes: notes, isArchived: isArchived, measure: fields.measure,
                  values: values)
    }

    /// The same habit with `fields` instead (an edit keeps every day, skip and note), and its
    /// kind (`HabitStore.update`): a yes/no habit stays yes/no, and a measurable one keeps its
    /// measure unless `fields` has another. A measurable habit's done days are derived again from
    /// its values: the target or the schedule's period may have changed.
    public func with(_ fields: HabitFields) -> Habit {
        var fields = fields
        fields.measure = measure.map { fields.measure ?? $0 }
        let done = fields.measure.map { $0.doneDays(values, schedule: fields.schedule) } ?? trackedDays
        return Habit(id: id, fields: fields, createdAt: createdAt, trackedDays: done, skippedDays: skippedDays, notes: notes,
                     isArchived: isArchived, values: values)
    }

    /// Sets (or, nil, removes) a measurable habit's value on `day`, as a store does: a value takes
    /// the day out of the skipped ones, and the done days of its period are derived again. False
    /// when the day held that value already, or the habit is yes/no.
    public mutating func setValue(_ value: Double?, on day: CalendarDay) -> Bool {
        guard let measure, values[day] != value else { return false }
        values[day] = value
        if value != nil { skippedDays.removeAll { $0 == day } }
        guard let period = schedule.period(containing: day) else {
            trackedDays.removeAll { $0 == day }
            return true
        }
        trackedDays.removeAll { period.contains($0) }
        trackedDays = (trackedDays + measure.doneDays(in: period, values: values)).sorted()
        return true
    }

    /// What `day` holds: done, skipped or nothing.
    public func state(on day: CalendarDay) -> DayState {
        if isTracked(on: day) { return .done }
        let index = skippedDays.index(notBefore: day)
        return index < skippedDays.count && skippedDays[index] == day ? .skipped : .none
    }

    /// Sets `day` to `state`, as a store does: done takes the day out of the skipped ones and the
    /// other way round. False when the day held that state already. A measurable habit's day is
    /// done by its value (`setValue`); skipping it removes the value.
    public mutating func set(_ state: DayState, on day: CalendarDay) -> Bool {
        guard self.state(on: day) != state else { return false }
        if measure != nil, state == .skipped, values[day] != nil { _ = setValue(nil, on: day) }
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
        let first = [trackedDays.first, skippedDays.first, notes.keys.min(), values.keys.min(), yearAgo].compactMap { $0 }.min() ?? yearAgo
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
        let total = period.flatMap { period in
            measure == nil ? nil : values.filter { period.contains($0.key) && $0.key <= today }.map(\.value).reduce(nil) { ($0 ?? 0) + $1 }
        }
        return HabitOverview(
            id: id, fields: fields, trackCount: trackedDays.count, isTrackedToday: isTracked(on: today),
            isDueToday: schedule.isDue(on: today, doneEarlierInPeriod: earlier), periodTotal: total)
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
    /// Nil: a yes/no habit (issue 48).
    public var measure: HabitMeasure?

    public init(name: String, time: TimeOfDay, color: HabitColor, schedule: HabitSchedule = .daily, measure: HabitMeasure? = nil) {
        self.name = name
        self.time = time
        self.color = color
        self.schedule = schedule
        self.measure = measure
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
    /// A measurable habit's total of today's period up to today (today's value for a daily
    /// one), nil when none of its days has a value (issue 48): the card's "3.5 / 5 km".
    public let periodTotal: Double?

    public init(id: Int64, fields: HabitFields, trackCount: Int, isTrackedToday: Bool, isDueToday: Bool = true, periodTotal: Double? = nil) {
        self.id = id
        self.fields = fields
        self.trackCount = trackCount
        self.isTrackedToday = isTrackedToday
        self.isDueToday = isDueToday
        self.periodTotal = periodTotal
    }
}

extension Array where Element == CalendarDay {
    /// Ascending, each day once. A store reads its days in order already (ten years are 3,650):
    /// those are taken as they are, without a set and a sort.
    func ascendingUnique() -> [CalendarDay] {
        if indices.dropFirst().allSatisfy({ self[$0 - 1] < self[$0] }) { return self }
        return Set(self).sorted()
    }

    /// These days (ascending, each once) without those of `other` (likewise), by one walk of both.
    func removingAll(in other: [CalendarDay]) -> [CalendarDay] {
        guard !isEmpty, !other.isEmpty else { return self }
        var index = other.startIndex
        return filter { day in
            while index < other.endIndex, other[index] < day { index += 1 }
            return index == other.endIndex || other[index] != day
        }
    }
}
