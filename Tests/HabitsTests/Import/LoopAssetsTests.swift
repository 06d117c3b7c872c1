import Foundation
import Testing
@testable import Habits

/// Loop Habit Tracker's own CSV export test files (`LoopTestAssets`), zipped as Loop's "Export as
/// CSV" ships them, imported, and held against the scores Loop wrote beside them (issue 48).
@Suite("Loop's test export: streaks and strength as Loop has them")
struct LoopAssetsTests {
    static func asset(_ path: String) throws -> String {
        let folder = try #require(Bundle.module.url(forResource: "LoopTestAssets", withExtension: nil))
        return try String(contentsOf: folder.appendingPathComponent(path), encoding: .utf8)
    }

    static func export() throws -> Data {
        try zipArchive(try ["Habits.csv", "001 Meditate/Checkmarks.csv", "002 Wake up early/Checkmarks.csv"].map { ($0, try asset($0)) })
    }

    /// Loop's score per day, from a habit's `Scores.csv`.
    static func loopScores(_ path: String) throws -> [CalendarDay: Double] {
        var scores: [CalendarDay: Double] = [:]
        for line in try asset(path).split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",")
            guard fields.count == 2, let day = CalendarDay(iso: String(fields[0])), let score = Double(fields[1]) else { continue }
            scores[day] = score
        }
        return scores
    }

    @Test("the strength on every day of 'Wake up early' (2 in 3 days) agrees with Loop's Scores.csv")
    func strength() throws {
        let result = try HabitImporter.read(try Self.export(), today: day(2015, 1, 25))
        #expect(result.habits.map(\.fields.name) == ["Meditate", "Wake up early"])
        let wake = result.habits[1]
        #expect(wake.fields.schedule == HabitSchedule.times(2, in: 3))
        let loop = try Self.loopScores("002 Wake up early/Scores.csv")
        #expect(loop.count == 10)
        for (day, expected) in loop {
            let stats = HabitStats(trackedDays: wake.trackedDays, today: day, schedule: wake.fields.schedule)
            // Loop writes four decimals; the issue asks for one percentage point.
            #expect(abs(stats.score.current - expected) < 0.0001, "\(day): \(stats.score.current), Loop \(expected)")
        }
        let meditate = result.habits[0]
        #expect(try Self.loopScores("001 Meditate/Scores.csv")[day(2015, 1, 25)] == 0)
        #expect(HabitStats(trackedDays: meditate.trackedDays, today: day(2015, 1, 25)).score.current == 0)
    }

    /// Loop's export marks the days its rule fills as YES_AUTO: the 18th, 19th and 23rd; the 24th
    /// is NO. Counted the same way, 16–23 January is one run of 8 days and the 25th starts anew.
    @Test("the days Loop filled (YES_AUTO) are the days our rule counts")
    func streak() throws {
        let result = try HabitImporter.read(try Self.export(), today: day(2015, 1, 25))
        let wake = result.habits[1]
        let counted = FrequencyDays.counted(done: wake.trackedDays, times: 2, inDays: 3)
        #expect(counted.first?.lowerBound == day(2015, 1, 16))
        for auto in [day(2015, 1, 18), day(2015, 1, 19), day(2015, 1, 23)] {
            #expect(counted.contains { $0.contains(auto) }, "\(auto)")
        }
        #expect(counted == [day(2015, 1, 16)...day(2015, 1, 23), day(2015, 1, 25)...day(2015, 1, 25)], "Loop wrote NO on the 24th")
        let stats = HabitStats(trackedDays: wake.trackedDays, today: day(2015, 1, 25), schedule: wake.fields.schedule)
        #expect((stats.currentStreak, stats.longestStreak) == (1, 8))
    }
}

/// Loop's HabitBull test file with numbers (issue 48): a count comes in as a measurable habit.
@Suite("Loop's HabitBull test file: a count keeps its numbers")
struct HabitBullAssetTests {
    @Test("habitbull4.csv's caffeine is a measurable habit, at least 1 a day, both days' 80 kept and done")
    func caffeine() throws {
        let result = try HabitImporter.read(Data(try LoopAssetsTests.asset("habitbull4.csv").utf8), today: day(2022, 11, 22))
        let caffeine = try #require(result.habits.first)
        #expect(caffeine.fields.name == "Caffeine")
        #expect(caffeine.fields.measure == HabitMeasure(unit: "", target: 1, kind: .atLeast))
        #expect(caffeine.values == [day(2022, 11, 21): 80, day(2022, 11, 22): 80])
        #expect(caffeine.trackedDays == [day(2022, 11, 21), day(2022, 11, 22)])
        #expect(result.losses.numericValues == 0, "numbers leave the losses list")
    }
}
