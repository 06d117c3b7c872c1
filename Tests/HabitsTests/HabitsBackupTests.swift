import Foundation
import Habits
import Persistence
import Testing

/// A backed-up habit's days as the import takes them (issue 46, item 11): ascending, each once,
/// none before 1970, and, read by a restore, none after the restore's last day.
@Suite("A backup's habit days (issue 46, item 11)")
struct HabitsBackupTests {
    static func habit(_ days: [String]) -> BackedUpHabit {
        BackedUpHabit(name: "Read", time: "21:30", color: "#FF9F0A", createdAt: Date(timeIntervalSince1970: 1_700_000_000), days: days)
    }

    static func problem(_ days: [String]) -> BackupRejected.Problem? {
        do {
            _ = try habit(days).validated()
            return nil
        } catch let rejected as BackupRejected {
            return rejected.problem
        } catch {
            return .invalidValue("\(error)")
        }
    }

    @Test("days before 1970 are refused: 0000-01-01, 1969-12-31")
    func before1970() {
        #expect(Self.problem(["0000-01-01", "2020-01-01"]) == .invalidDay(item: "Read", value: "0000-01-01"))
        #expect(Self.problem(["1969-12-31"]) == .invalidDay(item: "Read", value: "1969-12-31"))
    }

    @Test("days out of order are refused, not sorted; a day twice is still named as such")
    func order() {
        #expect(Self.problem(["2020-01-02", "2020-01-01"]) == .invalidDay(item: "Read", value: "2020-01-01"))
        #expect(Self.problem(["2020-01-01", "2020-01-01"]) == .dayTwice(item: "Read", day: "2020-01-01"))
    }

    @Test("a backup bringing more days, its habits together, than one file may is refused (issue 46, item 3)")
    func tooManyDaysInAll() throws {
        // 25 habits of 20,000 days each (1970 to 2024) are the bound; one day more is past it.
        let days = (0..<20_000).map { CalendarDay(ordinal: $0).iso }
        var backup = HabitsBackup(habits: (0..<25).map { BackedUpHabit(
            name: "Habit \($0)", time: "21:30", color: "#FF9F0A", createdAt: Date(timeIntervalSince1970: 0), days: days) })
        try backup.validate()
        backup.habits.append(Self.habit(["2020-01-01"]))
        let rejected = #expect(throws: BackupRejected.self) { try backup.validate() }
        #expect(rejected?.problem == .tooMany(limit: 500_000))
    }

    @Test("ascending days from 1970 on are taken as they are")
    func valid() throws {
        let validated = try Self.habit(["1970-01-01", "2020-02-29", "2026-11-19"]).validated()
        #expect(validated.days == [day(1970, 1, 1), day(2020, 2, 29), day(2026, 11, 19)])
    }

    static func decodeSection(_ days: [String], latestDay: String?) throws -> HabitsBackup {
        let data = try JSONEncoder().encode(HabitsBackup(habits: [habit(days)]))
        let decoder = JSONDecoder()
        if let latestDay { decoder.userInfo[HabitsBackup.latestDayKey] = latestDay }
        return try decoder.decode(HabitsBackup.self, from: data)
    }

    @Test("read by a restore, a day after its last day is refused: 9999-12-31, 2999-01-01, the next day")
    func afterLatestDay() throws {
        for late in ["9999-12-31", "2999-01-01", "2026-12-03"] {
            #expect(throws: BackupRejected(section: "habits", reason: "day \(late) after 2026-12-02", problem: .invalidDay(item: "Read", value: late))) {
                try Self.decodeSection(["2020-01-01", late], latestDay: "2026-12-02")
            }
        }
        #expect(try Self.decodeSection(["2020-01-01", "2026-12-02"], latestDay: "2026-12-02").habits.first?.days == ["2020-01-01", "2026-12-02"])
    }

    @Test("read without a restore's last day (a store's own round trip), the section decodes as written")
    func withoutLatestDay() throws {
        #expect(try Self.decodeSection(["2999-01-01"], latestDay: nil).habits.first?.days == ["2999-01-01"])
    }
}
