import Foundation
import Localization
import Testing
@testable import Habits

/// Measurable habits (issue 48): which days a number makes done, Loop's score for numbers, and
/// what a habit does when a value is set.
@Suite("HabitMeasure: numbers, targets and done days")
struct HabitMeasureTests {
    let km = HabitMeasure(unit: "km", target: 5, kind: .atLeast)!
    let cups = HabitMeasure(unit: "cups", target: 2, kind: .atMost)!
    /// A Monday: 2026-11-16 starts an ISO week, as `HabitSchedule.times(_, inDays: 7)` blocks do.
    let monday = day(2026, 11, 16)

    @Test("a target no habit has is refused")
    func invalidTargets() {
        #expect(HabitMeasure(unit: "km", target: 0, kind: .atLeast) == nil, "at least 0 is met by doing nothing")
        #expect(HabitMeasure(unit: "", target: 0, kind: .atMost) != nil, "at most 0: not at all")
        #expect(HabitMeasure(unit: "km", target: -1, kind: .atMost) == nil)
        #expect(HabitMeasure(unit: "km", target: .infinity, kind: .atLeast) == nil)
        #expect(HabitMeasure(unit: "km", target: 1e9 + 1, kind: .atLeast) == nil)
        #expect(HabitMeasure(unit: String(repeating: "k", count: 21), target: 1, kind: .atLeast) == nil)
    }

    @Test("a daily target is met day by day; at most counts a recorded day within it")
    func dailyDoneDays() {
        let values = [monday: 5.0, monday.adding(days: 1): 4.999, monday.adding(days: 2): 12]
        #expect(km.doneDays(values, schedule: .daily) == [monday, monday.adding(days: 2)])
        #expect(cups.doneDays([monday: 2, monday.adding(days: 1): 2.5, monday.adding(days: 2): 0], schedule: .daily)
                == [monday, monday.adding(days: 2)])
    }

    @Test("a target over 7 days is met by the week's total, on each day with a value")
    func weeklyTotal() {
        let weekly = HabitSchedule.times(1, inDays: 7)
        let values = [monday: 2.0, monday.adding(days: 3): 3, monday.adding(days: 7): 4.5]
        #expect(km.doneDays(values, schedule: weekly) == [monday, monday.adding(days: 3)], "2 + 3 meets 5; next week's 4.5 does not")
        #expect(km.doneDays(in: monday...monday.adding(days: 6), values: values) == [monday, monday.adding(days: 3)])
        #expect(km.doneDays(in: monday.adding(days: 7)...monday.adding(days: 13), values: values).isEmpty)
    }

    @Test("a weekday a weekday schedule leaves out is never done")
    func weekdays() {
        let mondays = HabitSchedule.on(WeekdaySet(isoWeekdays: [1]))!
        #expect(km.doneDays([monday: 6, monday.adding(days: 1): 6], schedule: mondays) == [monday])
    }

    @Test("setting a value derives its period's done days again, unskips the day, and leaves a yes/no habit alone")
    func setValue() {
        let fields = HabitFields(name: "Run", time: TimeOfDay(hour: 8, minute: 0)!, color: .defaultColor,
                                 schedule: .times(1, inDays: 7), measure: km)
        var habit = Habit(id: 1, fields: fields, createdAt: Date(timeIntervalSince1970: 0), trackedDays: [],
                          skippedDays: [monday.adding(days: 1)])
        var changed = habit.setValue(3, on: monday)
        #expect(changed)
        #expect(habit.trackedDays.isEmpty)
        changed = habit.setValue(2, on: monday.adding(days: 1))
        #expect(changed)
        #expect(habit.trackedDays == [monday, monday.adding(days: 1)], "3 + 2 meets the week's 5")
        #expect(habit.skippedDays.isEmpty, "a valued day is not skipped")
        changed = habit.setValue(2, on: monday.adding(days: 1))
        #expect(!changed, "the same value changes nothing")
        changed = habit.setValue(nil, on: monday)
        #expect(changed)
        #expect(habit.trackedDays.isEmpty && habit.values == [monday.adding(days: 1): 2])
        changed = habit.set(.skipped, on: monday.adding(days: 1))
        #expect(changed)
        #expect(habit.values.isEmpty, "a skip takes the day's number")

        var tick = Habit(id: 2, fields: HabitFields(name: "Read", time: fields.time, color: .defaultColor), createdAt: Date(), trackedDays: [])
        changed = tick.setValue(3, on: monday)
        #expect(!changed && tick.values.isEmpty)
    }

    @Test("an edit keeps the kind and derives done days from the new target")
    func editKeepsKind() {
        let fields = HabitFields(name: "Run", time: TimeOfDay(hour: 8, minute: 0)!, color: .defaultColor, measure: km)
        let habit = Habit(id: 1, fields: fields, createdAt: Date(), trackedDays: [monday], values: [monday: 5, monday.adding(days: 1): 3])
        var easier = fields
        easier.measure = HabitMeasure(unit: "km", target: 3, kind: .atLeast)
        #expect(habit.with(easier).trackedDays == [monday, monday.adding(days: 1)])
        var none = fields
        none.measure = nil
        #expect(habit.with(none).measure == km, "a measurable habit stays measurable")
        let tick = Habit(id: 2, fields: HabitFields(name: "Read", time: fields.time, color: .defaultColor), createdAt: Date(), trackedDays: [monday])
        #expect(tick.with(fields).measure == nil && tick.with(fields).trackedDays == [monday], "a yes/no habit stays yes/no")
    }

    @Test("the list's overview totals today's period up to today")
    func overviewTotal() {
        let fields = HabitFields(name: "Run", time: TimeOfDay(hour: 8, minute: 0)!, color: .defaultColor,
                                 schedule: .times(1, inDays: 7), measure: km)
        let habit = Habit(id: 1, fields: fields, createdAt: Date(), trackedDays: [],
                          values: [monday.adding(days: -1): 9, monday: 1.5, monday.adding(days: 2): 2])
        #expect(habit.overview(today: monday.adding(days: 2)).periodTotal == 3.5)
        #expect(habit.overview(today: monday.adding(days: 1)).periodTotal == 1.5)
        #expect(habit.overview(today: monday.adding(days: 7)).periodTotal == nil, "a new week has no value yet")
    }
}

/// Loop Habit Tracker's score for numbers (issue 48) against the values its own tests publish
/// (`NumericalAtLeastScoreListTest`, `NumericalAtMostScoreListTest`, target 2), each to 1e-6.
@Suite("HabitScore: Loop's strength for numbers")
struct NumericScoreTests {
    let today = day(2026, 3, 20)
    let atLeast = HabitMeasure(unit: "", target: 2, kind: .atLeast)!
    let atMost = HabitMeasure(unit: "", target: 2, kind: .atMost)!

    func values(_ offsets: some Sequence<Int>, _ value: Double) -> [CalendarDay: Double] {
        Dictionary(uniqueKeysWithValues: offsets.map { (today.adding(days: -$0), value) })
    }

    func expect(_ score: HabitScore, _ expected: [Double], sourceLocation: SourceLocation = #_sourceLocation) {
        for (offset, value) in expected.enumerated() {
            let actual = score.value(on: today.adding(days: -offset))
            #expect(abs(actual - value) < 1e-6, "\(offset) days ago: \(actual), Loop \(value)", sourceLocation: sourceLocation)
        }
    }

    @Test("at least: the target met every day for 20 days scores as a yes/no habit done every day")
    func atLeastEveryDay() {
        expect(HabitScore(values: values(0..<20, 2), measure: atLeast, schedule: .daily, today: today), [
            0.655747, 0.636894, 0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270,
            0.381137, 0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0,
        ])
        let half = HabitScore(values: values(0..<500, 1), measure: atLeast, schedule: .daily, today: today)
        #expect(abs(half.current - 0.5) < 1e-6, "half the target every day: 50%")
        let over = HabitScore(values: values([0], 10_000), measure: atLeast, schedule: .daily, today: today)
        #expect(abs(over.current - 0.051922) < 1e-6, "going over the target counts as meeting it")
    }

    @Test("at least: a skipped day keeps the day before's score")
    func atLeastSkips() {
        let skipped = [15, 10].map { today.adding(days: -$0) }
        let done = values(Set(0..<20).subtracting([10, 15]), 2)
        expect(HabitScore(values: done, measure: atLeast, skipped: skipped, schedule: .daily, today: today), [
            0.617008, 0.596033, 0.573910, 0.550574, 0.525961, 0.500000, 0.472617, 0.443734, 0.413270, 0.381137, 0.347244,
            0.347244, 0.311495, 0.273788, 0.234017, 0.192067, 0.192067, 0.147820, 0.101149, 0.051922, 0, 0, 0,
        ])
    }

    @Test("at least over 2 days: the window is the period")
    func atLeastEveryOtherDay() {
        let score = HabitScore(values: values(0..<2, 2), measure: atLeast, schedule: .times(1, inDays: 2), today: today)
        #expect(abs(score.current - 0.072631) < 1e-6)
    }

    @Test("at most: starts at 100% and falls while the total goes over the target")
    func atMostOver() {
        var over = values(0..<20, 5)
        over[today.adding(days: -20)] = 1
        expect(HabitScore(values: over, measure: atMost, schedule: .daily, today: today), [
            0.344253, 0.363106, 0.382992, 0.403967, 0.426090, 0.449426, 0.474039, 0.500000, 0.527383, 0.556266, 0.586730,
            0.618863, 0.652756, 0.688505, 0.726212, 0.765983, 0.807933, 0.852180, 0.898851, 0.948078, 1.0, 0, 0,
        ])
        let every = HabitScore(values: values(0..<2, 5), measure: atMost, schedule: .times(1, inDays: 2), today: today)
        #expect(abs(every.current - 0.927369) < 1e-6)
        let once = HabitScore(values: values([1], 10_000), measure: atMost, schedule: .daily, today: today)
        #expect(abs(once.current - 0.950773) < 1e-6, "a day without a value is 0: within the target")
        let half = HabitScore(values: values(0..<500, 3), measure: atMost, schedule: .daily, today: today)
        #expect(abs(half.current - 0.5) < 1e-6, "half again the target: 50%")
    }

    @Test("no value yet: no score")
    func empty() {
        #expect(HabitScore(values: [:], measure: atMost, schedule: .daily, today: today).current == 0)
    }
}

/// Numbers as each language writes them (issue 48).
@Suite("DecimalText")
struct DecimalTextTests {
    @Test("written with the language's separator and grouping, to a thousandth")
    func format() {
        #expect(DecimalText.format(3.5, language: .en) == "3.5")
        #expect(DecimalText.format(3.5, language: .ru) == "3,5")
        #expect(DecimalText.format(1234.25, language: .pl) == "1\u{00A0}234,25")
        #expect(DecimalText.format(5, language: .en) == "5")
        #expect(DecimalText.format(0.0004, language: .en) == "0")
        #expect(DecimalText.format(2.0005, language: .en) == "2.001")
    }

    @Test("read with a point anywhere, a comma in Russian and Polish, grouping allowed")
    func parse() {
        #expect(DecimalText.parse("3,5", language: .ru) == 3.5)
        #expect(DecimalText.parse("3.5", language: .pl) == 3.5)
        #expect(DecimalText.parse(" 1 234,5 ", language: .ru) == 1234.5)
        #expect(DecimalText.parse("1,500", language: .en) == 1500)
        #expect(DecimalText.parse("1,500.25", language: .en) == 1500.25)
        #expect(DecimalText.parse("3,5", language: .en) == nil, "a comma groups thousands in English")
        #expect(DecimalText.parse("1.2.3", language: .en) == nil)
        #expect(DecimalText.parse("-1", language: .en) == nil)
        #expect(DecimalText.parse("1e3", language: .en) == nil)
        #expect(DecimalText.parse("", language: .en) == nil)
        #expect(DecimalText.parse(".", language: .en) == nil)
        #expect(DecimalText.parse("2.0004", language: .en) == 2)
    }
}
