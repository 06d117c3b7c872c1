import Foundation

/// A habit's strength, 0…1, as Loop Habit Tracker computes it (issue 48): "Strength 73%".
///
/// From the habit's first counted day to today, each day moves the score towards that day's
/// share of the habit's frequency, by exponential smoothing whose half-life grows with the
/// frequency's square root: `score = previous × m + share × (1 − m)`, `m = 0.5^(√(N/M) / 13)`. A
/// daily habit done every day passes 99% after three months; one missed day costs a few points.
/// - The day's share: the done days of the last `M` days over `N`, at most 1. For a habit asked
///   less than daily, both are doubled, so a weekly habit done on a Monday and then on the next
///   week's Sunday still reaches 100% (Loop smooths irregular weeks this way).
/// - A skipped day leaves the score as it was and is not one of the `M` days, as if it never
///   existed; so is a day a weekday schedule leaves out (a weekday habit is Loop's daily habit
///   with its other days skipped). A day done is always counted.
public struct HabitScore: Hashable, Sendable {
    /// The first day with a score; nil when nothing was ever done: every score is 0.
    public let firstDay: CalendarDay?
    /// One score a day from `firstDay` to today.
    let values: [Double]
    public let today: CalendarDay

    /// `done` and `skipped` ascending; `start` the first day Loop keeps an entry for (the first
    /// counted day, which for a frequency habit may precede the first done day).
    public init(done: [CalendarDay], skipped: [CalendarDay] = [], schedule: HabitSchedule, start: CalendarDay?, today: CalendarDay) {
        self.today = today
        guard let start, start <= today else {
            firstDay = nil
            values = []
            return
        }
        firstDay = start
        let (times, days) = schedule.frequency
        let frequency = Double(times) / Double(days)
        let (numerator, window) = frequency < 1 ? (2 * times, 2 * days) : (times, days)
        let multiplier = pow(0.5, frequency.squareRoot() / 13)

        var values: [Double] = []
        values.reserveCapacity(start.days(to: today) + 1)
        var score = 0.0
        // The window: the last `window` asked days, done or not, as a ring.
        var recent = [Bool](repeating: false, count: window)
        var next = 0
        var inWindow = 0
        var doneIndex = done.index(notBefore: start)
        var day = start
        while day <= today {
            let isDone = doneIndex < done.count && done[doneIndex] == day
            if isDone { doneIndex += 1 }
            if isDone || (schedule.asks(on: day) && !skipped.includes(day)) {
                inWindow += (isDone ? 1 : 0) - (recent[next] ? 1 : 0)
                recent[next] = isDone
                next = (next + 1) % window
                score = score * multiplier + min(1, Double(inWindow) / Double(numerator)) * (1 - multiplier)
            }
            values.append(score)
            day = day.adding(days: 1)
        }
        self.values = values
    }

    /// A measurable habit's score (issue 48), by Loop's rule for numbers: each day's share is the
    /// total of the values of the last `M` days (the schedule's period length; 1 for daily and
    /// weekday habits) over the target, at most 1. "At most" starts from 1 and loses a share for
    /// each part of the target gone over: `1 − (total − target) / target`, 0 to 1 (at most 0: 1
    /// while the total is 0). A day without a value counts as 0; a skipped day, or one a weekday
    /// schedule leaves out, leaves the score as it was. `start`: the first day with a value.
    /// `skipped` ascending.
    public init(values: [CalendarDay: Double], measure: HabitMeasure, skipped: [CalendarDay] = [], schedule: HabitSchedule, today: CalendarDay) {
        self.today = today
        guard let start = values.keys.min(), start <= today else {
            firstDay = nil
            self.values = []
            return
        }
        firstDay = start
        let window: Int
        switch schedule {
        case .times(_, let days): window = days
        case .weekdays: window = 1
        }
        let multiplier = pow(0.5, (1 / Double(window)).squareRoot() / 13)
        var scores: [Double] = []
        scores.reserveCapacity(start.days(to: today) + 1)
        var score = measure.kind == .atMost ? 1.0 : 0.0
        var recent = [Double](repeating: 0, count: window)
        var next = 0
        var total = 0.0
        // Walked in step with the days, as the yes/no score walks its done days.
        let valued = values.sorted { $0.key < $1.key }
        var valueIndex = 0
        var day = start
        while day <= today {
            let isSkipped = skipped.includes(day)
            var value = 0.0
            if valueIndex < valued.count, valued[valueIndex].key == day {
                value = isSkipped ? 0 : valued[valueIndex].value
                valueIndex += 1
            }
            total += value - recent[next]
            recent[next] = value
            next = (next + 1) % window
            if schedule.asks(on: day) && !isSkipped {
                score = score * multiplier + measure.share(of: max(0, total)) * (1 - multiplier)
            }
            scores.append(score)
            day = day.adding(days: 1)
        }
        self.values = scores
    }

    /// The score at the end of `day`: 0 before the first day, today's after today.
    public func value(on day: CalendarDay) -> Double {
        guard let firstDay, day >= firstDay else { return 0 }
        return values[min(firstDay.days(to: day), values.count - 1)]
    }

    /// Today's score.
    public var current: Double { value(on: today) }

    /// The score at the end of each of the last `weeks` weeks, oldest first; the last is today's.
    public func weekly(_ weeks: Int) -> [Double] {
        (0..<weeks).map { value(on: today.adding(days: -7 * (weeks - 1 - $0))) }
    }
}

extension HabitMeasure {
    /// How much of the target a period's `total` is, 0 to 1, by Loop's rule (`HabitScore`).
    func share(of total: Double) -> Double {
        switch kind {
        case .atLeast: min(1, total / target)
        case .atMost: target > 0 ? min(1, max(0, 1 - (total - target) / target)) : (total > 0 ? 0 : 1)
        }
    }
}

extension HabitSchedule {
    /// Loop's frequency, N times in M days: a weekday schedule is asked daily on its days.
    var frequency: (times: Int, days: Int) {
        switch self {
        case .times(let times, let days): (times, days)
        case .weekdays: (1, 1)
        }
    }
}
