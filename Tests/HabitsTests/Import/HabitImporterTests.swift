import Foundation
import Localization
import Testing
@testable import Habits

@Suite("HabitImporter: which tracker, file bounds, names and messages (issue 36)")
struct HabitImporterTests {
    private func refusal(_ data: Data, limits: HabitImportLimits = .standard) -> HabitImportError? {
        importError { () throws(HabitImportError) in try HabitImporter.read(data, today: importToday, limits: limits) }
    }

    @Test("told apart by content: ZIP magic, HabitBull's header; anything else is refused")
    func formats() throws {
        #expect(HabitImporter.source(of: try zipArchive([("Habits.csv", "Name\nA\n")])) == .loopHabitTracker)
        #expect(HabitImporter.source(of: utf8("\u{FEFF}CalendarDate,HabitName,Value\n")) == .habitBull, "any column order, a BOM")
        #expect(refusal(utf8("Position,Name\n001,A\n")) == .unknownFormat, "Loop's Habits.csv alone")
        #expect(refusal(utf8("habit_id,name,time,color,created_at,day,state,note\r\n")) == .unknownFormat, "MyHabits' own export")
        #expect(refusal(Data()) == .unknownFormat)
        #expect(refusal(Data([0x25, 0x50, 0x44, 0x46, 0x2D])) == .unknownFormat, "a PDF")
        #expect(refusal(Data([0x50, 0x4B, 0x05, 0x06] + [UInt8](repeating: 0, count: 18))) == .unknownFormat, "an empty ZIP")
        #expect(refusal(Data([0xC3, 0x28]) + utf8("HabitName,CalendarDate\n")) == .unknownFormat, "not UTF-8")
    }

    @Test("an upload over 20 MB is refused before its format is even looked at")
    func largeUpload() {
        var csv = utf8(HabitBullImportTests.header)
        csv.append(Data(repeating: UInt8(ascii: "\n"), count: 20 * 1024 * 1024))
        #expect(refusal(csv) == .fileTooLarge(limitBytes: 20 * 1024 * 1024))
        var zip = Data([0x50, 0x4B, 0x03, 0x04])
        zip.append(Data(count: 20 * 1024 * 1024))
        #expect(refusal(zip) == .fileTooLarge(limitBytes: 20 * 1024 * 1024))
    }

    @Test("a HabitBull CSV with broken quoting or invalid UTF-8 in a row is refused with the line")
    func brokenHabitBull() {
        #expect(refusal(utf8(HabitBullImportTests.header + "A,,,2026-11-01,1,\"open\n")) == .csv(file: nil, .unterminatedQuote(line: 2)))
        var invalid = utf8(HabitBullImportTests.header + "A,,,2026-11-01,1,\n")
        invalid.append(contentsOf: [0x42, 0xFF] + Array(",,,2026-11-02,1,\n".utf8))
        #expect(refusal(invalid) == .csv(file: nil, .invalidUTF8(line: 3)))
    }

    @Test("a 200,000-day habit is refused at the first day past the limit")
    func tooManyDays() {
        var csv = HabitBullImportTests.header
        csv.reserveCapacity(200_000 * 24)
        for offset in 0..<200_000 { csv += "Old,,,\(importToday.adding(days: -offset).iso),1,\n" }
        #expect(refusal(utf8(csv)) == .tooManyDays(habit: "Old", limit: 36_600))
        let limits = HabitImportLimits(maxDaysPerHabit: 3)
        let repeated = HabitBullImportTests.header + String(repeating: "A,,,2026-11-01,1,\nA,,,2026-11-02,1,\nA,,,2026-11-03,1,\n", count: 50)
        #expect(refusal(utf8(repeated), limits: limits) == nil, "repeated rows are not more days")
        #expect(refusal(utf8(repeated + "A,,,2026-11-04,0,\n"), limits: limits) == .tooManyDays(habit: "A", limit: 3))
    }

    @Test("days of all habits together past the file's bound are refused whole (issue 46, item 3)")
    func tooManyDaysInAll() {
        #expect(HabitImportLimits.standard.maxDays == 500_000)
        let limits = HabitImportLimits(maxDays: 5)
        let csv = HabitBullImportTests.header + "A,,,2026-11-01,1,\nA,,,2026-11-02,1,\nB,,,2026-11-01,1,\nB,,,2026-11-02,1,\nC,,,2026-11-01,1,\n"
        #expect(refusal(utf8(csv), limits: limits) == nil, "five days in all is the bound, not past it")
        #expect(refusal(utf8(csv + "C,,,2026-11-02,1,\n"), limits: limits) == .tooManyDaysInAll(limit: 5))
    }

    @Test("names the person's list has get a suffix, as names repeated within the file do; never over 100 characters")
    func avoidingNames() throws {
        let csv = HabitBullImportTests.header + "Run,,,2026-11-01,1,\nRead,,,2026-11-01,1,\nRun (2),,,2026-11-01,1,\n"
        let result = try HabitImporter.read(utf8(csv), today: importToday)
        #expect(result.habits.map(\.fields.name) == ["Run", "Read", "Run (2)"])
        let renamed = result.avoidingNames(["Run", "Walk"])
        #expect(renamed.habits.map(\.fields.name) == ["Run (3)", "Read", "Run (2)"])
        #expect(renamed.habits.map(\.originalName) == ["Run", "Read", "Run (2)"])
        #expect(renamed.habits.map(\.trackedDays) == result.habits.map(\.trackedDays))

        var taken: Set<String> = [String(repeating: "x", count: 100)]
        let suffixed = ImportNames.unique(String(repeating: "x", count: 100), taken: &taken)
        #expect(suffixed == String(repeating: "x", count: 96) + " (2)")
        #expect(taken.contains(suffixed))
    }

    static let everyError: [HabitImportError] = [
        .fileTooLarge(limitBytes: 20 * 1024 * 1024), .unknownFormat, .emptyFile(file: "Habits.csv"),
        .missingColumn(file: nil, column: "HabitName"),
        .invalidDate(file: "001 Run/Checkmarks.csv", line: 3, column: "Date", value: "2023-02-30"),
        .futureDate(file: nil, line: 2, column: "CalendarDate", day: CalendarDay(year: 2030, month: 1, day: 1)!),
        .invalidValue(file: nil, line: 1_234, column: "Value", value: "x"),
        .invalidName(file: nil, line: 2, .required), .invalidName(file: nil, line: 2, .tooLong(max: 100)),
        .invalidName(file: nil, line: 2, .controlCharacters),
        .tooManyHabits(limit: 1_000), .tooManyDays(habit: "Run", limit: 36_600), .tooManyDaysInAll(limit: 500_000),
        .zipUnreadable, .zipTooManyEntries(limit: 2_100), .zipTooLarge(limitBytes: 50 * 1024 * 1024),
        .zipEntryLargerThanDeclared(path: "001 Run/Checkmarks.csv"), .zipUnsafeEntryName(path: "../x"),
        .zipSymlink(path: "x"), .zipUnsupportedEntry(path: "x"), .zipMissingHabitsCSV, .zipUnmatchedFolder(path: "007 Z/Checkmarks.csv"),
        .csv(file: nil, .tooLarge(limitBytes: 20 * 1024 * 1024)), .csv(file: nil, .tooManyRows(limit: 1_000_000)),
        .csv(file: nil, .tooManyColumns(line: 2, limit: 64)), .csv(file: "Habits.csv", .unterminatedQuote(line: 2)),
        .csv(file: nil, .quoteInUnquotedField(line: 2)), .csv(file: nil, .textAfterClosingQuote(line: 2)),
        .csv(file: nil, .bareCarriageReturn(line: 2)), .csv(file: nil, .invalidUTF8(line: 2)),
    ]

    @Test("every refusal has a message in English, Russian and Polish, with where it is", arguments: Language.allCases)
    func messages(language: Language) {
        let catalogue = Catalogues.habits[language]
        for error in Self.everyError {
            let message = error.message(in: catalogue)
            #expect(!message.contains("habits.import"), "\(error) lacks a string in \(language)")
            #expect(!message.contains("{"), "\(error) leaves a placeholder in \(language): \(message)")
        }
        let located = HabitImportError.invalidDate(file: "001 Run/Checkmarks.csv", line: 1_234, column: "Date", value: "2023-02-30")
            .message(in: catalogue)
        #expect(located.contains("001 Run/Checkmarks.csv") && located.contains("2023-02-30") && located.contains(language.grouped(1_234)))
        #expect(HabitImportError.fileTooLarge(limitBytes: 20 * 1024 * 1024).message(in: catalogue).contains("20"))
    }

    @Test("the summary and every loss read in each language", arguments: Language.allCases)
    func summary(language: Language) throws {
        let catalogue = Catalogues.habits[language]
        var everything = ImportLosses()
        everything.questions = 1
        everything.descriptions = 2
        everything.categories = 3
        everything.nonDailyFrequencies = 4
        everything.notes = 21
        everything.numericValues = 22
        everything.skippedDays = 1_000
        everything.autoFilledDays = 11
        let lines = everything.lines(in: catalogue)
        #expect(lines.count == 8)
        #expect(lines.allSatisfy { !$0.contains("habits.import") && !$0.contains("{") })
        #expect(ImportLosses().lines(in: catalogue).isEmpty)
        #expect(!catalogue.text("habits.import.lost.title").contains("habits.import"))
        let result = try HabitImporter.read(utf8(HabitBullImportTests.header + "A,,,2026-11-01,1,\n"), today: importToday)
        let summary = result.summary(in: catalogue)
        #expect(!summary.contains("habits.import") && summary.contains("1"))
    }

    @Test("the catalogues agree on their keys")
    func catalogueKeys() {
        #expect(Catalogues.habits.missingKeys().isEmpty)
    }
}
