import Foundation

/// What makes a habit measurable (issue 48, Loop Habit Tracker's numerical habits): a number a
/// day in a free-text unit ("km", "pages"), and a target for each of the schedule's periods that
/// the period's total must reach (at least) or stay within (at most).
///
/// A measurable habit's done days are derived from its values (`doneDays`), and the stores keep
/// them as its tracks, so streaks, done %, the list's progress and the reminders read them as
/// they read a yes/no habit's ticks. A habit's kind is chosen when it is made and never changes
/// (as in Loop): a yes/no habit's ticks have no numbers to become.
public struct HabitMeasure: Hashable, Sendable {
    public enum Kind: String, CaseIterable, Hashable, Sendable {
        case atLeast, atMost
    }

    public let unit: String
    public let target: Double
    public let kind: Kind

    public static let maxUnitLength = 20
    /// The largest target or day's value kept: far above any real count, small enough that a
    /// period's sum is exact in a `Double`.
    public static let maxValue = 1_000_000_000.0

    /// Nil for a target no habit has: not finite, negative, above `maxValue`, or 0 for "at least"
    /// (met by doing nothing). "At most 0" is a habit of not doing something at all.
    public init?(unit: String, target: Double, kind: Kind) {
        guard target.isFinite, target >= 0, target <= Self.maxValue, kind == .atMost || target > 0,
              unit.count <= Self.maxUnitLength else { return nil }
        self.unit = unit
        self.target = target
        self.kind = kind
    }

    /// Whether a period's total meets the target.
    public func isMet(by total: Double) -> Bool {
        switch kind {
        case .atLeast: total >= target
        case .atMost: total <= target
        }
    }

    /// Whether `value` can be a day's value: finite, 0 to `maxValue`.
    public static func isValid(_ value: Double) -> Bool {
        value.isFinite && value >= 0 && value <= maxValue
    }

    /// The done days among `values`' days, ascending: a day with a value whose period (the
    /// schedule's, `HabitSchedule.period(containing:)`) totals a met target. A day a weekday
    /// schedule leaves out belongs to no period and is never done.
    public func doneDays(_ values: [CalendarDay: Double], schedule: HabitSchedule) -> [CalendarDay] {
        var totals: [CalendarDay: Double] = [:]
        for (day, value) in values {
            if let period = schedule.period(containing: day) { totals[period.lowerBound, default: 0] += value }
        }
        return values.keys.filter { day in
            schedule.period(containing: day).map { isMet(by: totals[$0.lowerBound] ?? 0) } ?? false
        }.sorted()
    }

    /// The done days of `period` alone, from the values of its days: what a store writes again
    /// when one of them changes.
    public func doneDays(in period: ClosedRange<CalendarDay>, values: [CalendarDay: Double]) -> [CalendarDay] {
        let days = values.filter { period.contains($0.key) }
        return isMet(by: days.values.reduce(0, +)) ? days.keys.sorted() : []
    }
}
