import Backup
import Cars
import Devices
import Foundation
import Habits
import Localization
import Persistence
import Testing

/// A restore refuses what the habit import refuses (issue 46, item 11): days after today or
/// before 1970 or out of order, times outside 1970…now, numbers with a fraction or an exponent,
/// a language the server does not speak. Each refuses the whole file, with its own message.
@Suite("A restore validates as much as the import (issue 46, item 11)")
struct RestoreBoundsTests {
    static var format: BackupFormat { BackupFormatTests.format }
    /// The restore: 2025-12-01 12:00 UTC (13:00 in Warsaw), so the last day a file may name is
    /// 2025-12-02 and the last time 2025-12-02T12:00:00Z.
    static let now = Date(timeIntervalSince1970: 1_764_590_400)
    static let bounds = BackupBounds(now: now, timeZone: TimeZone(identifier: "Europe/Warsaw")!)

    /// The fixture's text with `from` replaced by `to`; fails the test when `from` is not in it.
    static func text(replacing from: String, with to: String) throws -> String {
        let text = try BackupFormatTests.json()
        try #require(text.contains(from), "\(from) not in the fixture")
        return text.replacingOccurrences(of: from, with: to)
    }

    static func refusal(_ text: String, bounds: BackupBounds = bounds) -> BackupFileError? {
        do {
            _ = try format.decode(Data(text.utf8), bounds: bounds)
            return nil
        } catch {
            return error
        }
    }

    static let habitDays = "\"days\":[\"2024-02-29\",\"2025-11-26\"]"
    static let habit = "Read, \"slowly\""

    @Test("the bounds: the restore's today in the device's zone and a day more; now and a day more")
    func boundsValues() {
        #expect(Self.bounds.latestDay == "2025-12-02")
        #expect(Self.bounds.latestTime == Self.now.addingTimeInterval(86_400))
        // 11:00 UTC on 1 December is already 2 December on Kiritimati (UTC+14), still 1 December in UTC.
        let morning = Date(timeIntervalSince1970: 1_764_586_800)
        #expect(BackupBounds(now: morning, timeZone: TimeZone(identifier: "Pacific/Kiritimati")!).latestDay == "2025-12-03")
        #expect(BackupBounds(now: morning, timeZone: TimeZone(identifier: "UTC")!).latestDay == "2025-12-02")
        // Habits reads the last day under its own copy of the key: Habits does not import Backup.
        #expect(BackupBounds.latestDayKey == HabitsBackup.latestDayKey)
    }

    @Test("a habit's day in the future is refused: 9999-12-31, 2999-01-01, the day after the bounds", arguments: [
        "9999-12-31", "2999-01-01", "2025-12-03",
    ])
    func futureDay(day: String) throws {
        let text = try Self.text(replacing: Self.habitDays, with: "\"days\":[\"2024-02-29\",\"\(day)\"]")
        guard case .rejected(let rejected) = Self.refusal(text) else { Issue.record("\(day) not refused"); return }
        #expect(rejected.section == "habits")
        #expect(rejected.problem == .invalidDay(item: Self.habit, value: day))
    }

    @Test("a habit's day before 1970 is refused: 0000-01-01, 1969-12-31", arguments: ["0000-01-01", "1969-12-31"])
    func dayBefore1970(day: String) throws {
        let text = try Self.text(replacing: Self.habitDays, with: "\"days\":[\"\(day)\",\"2025-11-26\"]")
        guard case .rejected(let rejected) = Self.refusal(text) else { Issue.record("\(day) not refused"); return }
        #expect(rejected.problem == .invalidDay(item: Self.habit, value: day))
    }

    @Test("a habit's days out of order are refused, naming the first day out of place")
    func unsortedDays() throws {
        let text = try Self.text(replacing: Self.habitDays, with: "\"days\":[\"2025-11-26\",\"2024-02-29\"]")
        guard case .rejected(let rejected) = Self.refusal(text) else { Issue.record("unsorted days not refused"); return }
        #expect(rejected.problem == .invalidDay(item: Self.habit, value: "2024-02-29"))
        // A future day first and a past day last is refused too: as out of order.
        let futureFirst = try Self.text(replacing: Self.habitDays, with: "\"days\":[\"9999-12-31\",\"2025-11-26\"]")
        guard case .rejected(let late) = Self.refusal(futureFirst) else { Issue.record("a future day first not refused"); return }
        #expect(late.problem == .invalidDay(item: Self.habit, value: "2025-11-26"))
    }

    @Test("a habit made in year 1, in 9999, before 1970 or after now (and a day) is refused", arguments: [
        "0001-01-01T00:00:00.000Z", "9999-12-31T23:59:59.999Z", "1969-12-31T23:59:59.999Z", "2025-12-02T12:00:00.001Z",
    ])
    func createdAtOutOfRange(time: String) throws {
        let text = try Self.text(replacing: "\"createdAt\":\"2023-11-14T22:13:20.500Z\"", with: "\"createdAt\":\"\(time)\"")
        #expect(Self.refusal(text) == .timeOutOfRange(section: "habits", value: time))
    }

    @Test("a car's year written 2001.0 or 2e3 is refused, as is any number with a fraction or an exponent", arguments: [
        "2001.0", "2e3", "2E3", "2001e0", "19.85e2",
    ])
    func yearNotWhole(literal: String) throws {
        let text = try Self.text(replacing: "\"yearOfIssue\":1985", with: "\"yearOfIssue\":\(literal)")
        #expect(Self.refusal(text) == .notWholeNumber(key: "yearOfIssue", literal: literal))
    }

    @Test("a number with a fraction in a list is named by the list's key; digits in a string are no number")
    func notWholeInList() throws {
        #expect(Self.refusal(try Self.text(replacing: "[3,1,2]", with: "[3,1.0,2]")) == .notWholeNumber(key: "shownIDs", literal: "1.0"))
        #expect(Self.refusal(try Self.text(replacing: "\"name\":\"Read", with: "\"name\":\"1.5e3 Read")) == nil)
        #expect(Self.refusal("1.5") == .notABackup, "a lone number is no backup, whatever its form")
    }

    @Test("a language the server does not speak is refused, whatever its shape", arguments: ["xx", "de", "eng"])
    func unknownLanguage(language: String) throws {
        let text = try Self.text(replacing: "\"language\":\"pl\"", with: "\"language\":\"\(language)\"")
        #expect(Self.refusal(text) == .unknownLanguage(language))
    }

    @Test("a backup dated after the restore's today, or exported before 1970 or after now, is refused")
    func exportDate() throws {
        #expect(Self.refusal(try Self.text(replacing: "\"day\":\"2025-11-27\"", with: "\"day\":\"2025-12-03\"")) == .exportDateOutOfRange("2025-12-03"))
        #expect(Self.refusal(try Self.text(replacing: "\"day\":\"2025-11-27\"", with: "\"day\":\"1969-12-31\"")) == .exportDateOutOfRange("1969-12-31"))
        let exported = "\"exportedAt\":\"2025-11-27T11:40:00.123Z\""
        #expect(Self.refusal(try Self.text(replacing: exported, with: "\"exportedAt\":\"9999-01-01T00:00:00.000Z\""))
            == .exportDateOutOfRange("9999-01-01T00:00:00.000Z"))
    }

    @Test("a valid backup still reads: days ascending from 1970 to the bounds' last day, made now, a whole year, a known language")
    func validBackupReads() throws {
        var text = try Self.text(replacing: Self.habitDays, with: "\"days\":[\"1970-01-01\",\"2024-02-29\",\"2025-12-02\"]")
        text = text.replacingOccurrences(of: "\"createdAt\":\"2023-11-14T22:13:20.500Z\"", with: "\"createdAt\":\"2025-12-02T12:00:00.000Z\"")
        text = text.replacingOccurrences(of: "\"language\":\"pl\"", with: "\"language\":\"ru\"")
        let file = try Self.format.decode(Data(text.utf8), bounds: Self.bounds)
        let habits = try #require(file.sections["habits"] as? HabitsBackup).habits
        #expect(habits.map(\.days) == [["1970-01-01", "2024-02-29", "2025-12-02"]])
        #expect(habits.map(\.createdAt) == [Self.bounds.latestTime])
        #expect((file.sections["cars"] as? CarsBackup)?.cars.map(\.yearOfIssue) == [1985])
        #expect((file.sections["device"] as? DevicePreferences)?.language == "ru")
        #expect(Self.refusal(try BackupFormatTests.json()) == nil, "the fixture as it is")
    }

    @Test("BackupService reads with today in the restoring device's zone")
    func serviceUsesDeviceZone() throws {
        let morning = Date(timeIntervalSince1970: 1_764_586_800)  // 2025-12-01T11:00:00Z
        let service = BackupService(data: NoData(), format: Self.format, counts: { _ in [] }, now: { morning })
        let text = Data(try Self.text(replacing: Self.habitDays, with: "\"days\":[\"2024-02-29\",\"2025-12-03\"]").utf8)
        #expect(throws: BackupFileError.self) { try service.read(text, timeZone: TimeZone(identifier: "UTC")!) }
        #expect(try service.read(text, timeZone: TimeZone(identifier: "Pacific/Kiritimati")!).day == "2025-11-27")
    }

    @Test("each new refusal says what is wrong in each language, none left as a key")
    func messages() {
        let errors: [BackupFileError] = [
            .notWholeNumber(key: "yearOfIssue", literal: "2001.0"), .exportDateOutOfRange("2999-01-01"),
            .timeOutOfRange(section: "habits", value: "0001-01-01T00:00:00.000Z"), .unknownLanguage("xx"),
            .rejected(BackupRejected(section: "habits", reason: "", problem: .invalidDay(item: "Read", value: "9999-12-31"))),
        ]
        #expect(Catalogues.backup.missingKeys().isEmpty)
        for language in Language.allCases {
            let catalogue = Catalogues.backup[language]
            for error in errors {
                let message = error.message(in: catalogue)
                #expect(!message.hasPrefix("backup.") && !message.contains("{"), "\(language) \(error): \(message)")
            }
        }
        let en = Catalogues.backup[.en]
        #expect(BackupFileError.notWholeNumber(key: "yearOfIssue", literal: "2e3").message(in: en)
            == "The file gives “yearOfIssue” as 2e3: a backup holds whole numbers only.")
        #expect(BackupFileError.unknownLanguage("xx").message(in: en) == "The backup's language “xx” is not one AppDeck speaks (English, Русский, Polski).")
        #expect(BackupFileError.timeOutOfRange(section: "habits", value: "0001-01-01T00:00:00.000Z").message(in: en)
            == "The part “MyHabits” holds the time 0001-01-01T00:00:00.000Z, which is not between January 1, 1970 and now.")
        let outOfPlace = BackupFileError.rejected(BackupRejected(section: "habits", reason: "", problem: .invalidDay(item: "Read", value: "0000-01-01")))
        #expect(outOfPlace.message(in: en).hasPrefix("“Read” has the day 0000-01-01 out of place"))
        let notADate = BackupFileError.rejected(BackupRejected(section: "habits", reason: "", problem: .invalidDay(item: "Read", value: "2023-02-30")))
        #expect(notADate.message(in: en) == "“2023-02-30” in “Read” is not a date.")
    }
}

/// A service's data when only reading is tested.
private struct NoData: OwnerData {
    func sections(of owner: DeviceID) async throws -> [String: any AppBackupSection] { [:] }
    func replace(_ owner: DeviceID, by sections: [String: any AppBackupSection], spending: SpentConfirmation?) async throws {}
}
