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

    /// `done` ascending; `start` the first day Loop keeps an entry for (the first counted day,
    /// which for a frequency habit may precede the first done day).
    public init(done: [CalendarDay], skipped: Set<CalendarDay> = [], schedule: HabitSchedule, start: CalendarDay?, today: CalendarDay) {
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
            if isDone || (schedule.asks(on: day) && !skipped.contains(day)) {
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

extension HabitSchedule {
    /// Loop's frequency, N times in M days: a weekday schedule is asked daily on its days.
    var frequency: (times: Int, days: Int) {
        switch self {
        case .times(let times, let days): (times, days)
        case .weekdays: (1, 1)
        }
    }
}
