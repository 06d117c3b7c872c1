import Foundation
import Testing
@testable import Habits

@Suite("Loop Habit Tracker's CSV export ZIP (issue 36)")
struct LoopImportTests {
    static let header = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\r\n"

    /// A full export as Loop's "Export as CSV" writes it, plus the files it derives and we skip.
    static func fullExport() throws -> Data {
        let habits = header
            + "001,Meditate,YES_NO,Did you meditate today?,\"Calm, \"\"centred\"\"\",1,1,8,,AT_LEAST,0,false\r\n"
            + "002,Run 5 km,NUMERICAL,How far did you run?,,3,7,#1976D2,km,AT_LEAST,5,false\r\n"
            + "003,Зарядка,YES_NO,,,1,1,,,AT_LEAST,0,true\r\n"
            + "004,Meditate,YES_NO,,,1,60,99,,AT_LEAST,0,false\r\n"
        let meditate = "Date,Value,Notes\r\n"
            + "2026-11-19,YES_MANUAL,\"Felt \"\"great\"\", then slept\r\nSecond line\"\r\n"
            + "2026-11-18,YES_AUTO,\r\n"
            + "2026-11-17,NO,\r\n"
            + "2026-11-16,SKIP,\r\n"
            + "2026-11-15,UNKNOWN,\r\n"
            + "2026-11-14,YES_MANUAL,\r\n"
        // Loop writes a number in thousandths: 6500 is 6.5 km.
        let run = "Date,Value,Notes\r\n2026-11-19,6500,\r\n2026-11-18,3000,short\r\n2026-11-17,,\r\n2026-11-16,SKIP,\r\n2026-11-09,2500,\r\n"
        let exercise = "Date,Value,Notes\r\n2026-01-01,YES_MANUAL,\r\n"
        let second = "Date,Value,Notes\r\n2026-11-20,YES_MANUAL,\r\n"
        return try zipArchive([
            ("Habits.csv", habits),
            ("001 Meditate/Checkmarks.csv", meditate), ("001 Meditate/Scores.csv", "2026-11-19,0.5\n"),
            ("002 Run 5 km/Checkmarks.csv", run),
            ("003/Checkmarks.csv", exercise),  // Loop drops the Cyrillic letters from the folder name
            ("004 Meditate/Checkmarks.csv", second),
            ("Checkmarks.csv", "Date,Meditate\n"), ("Scores.csv", "Date,Meditate\n"),
        ])
    }

    @Test("habits, done days, colours and every loss, in Habits.csv's order")
    func fullExportImports() throws {
        let result = try HabitImporter.read(try Self.fullExport(), today: importToday)
        #expect(result.source == .loopHabitTracker)
        #expect(result.habits.map(\.fields.name) == ["Meditate", "Run 5 km", "Зарядка", "Meditate (2)"])
        #expect(result.habits.map(\.originalName) == ["Meditate", "Run 5 km", "Зарядка", "Meditate"])
        #expect(result.habits.allSatisfy { $0.fields.time == HabitImport.defaultTime })

        let meditate = result.habits[0]
        #expect(meditate.trackedDays == [day(2026, 11, 14), day(2026, 11, 19)], "only YES_MANUAL is done")
        #expect(meditate.fields.color == HabitColor(hex: "#00897b"), "palette index 8")
        var meditateLosses = ImportLosses()
        meditateLosses.questions = 1
        meditateLosses.descriptions = 1
        meditateLosses.autoFilledDays = 1
        #expect(meditate.losses == meditateLosses)
        // Issue 48: Loop's SKIP and Notes are kept, the note's quotes and line break as written.
        #expect(meditate.skippedDays == [day(2026, 11, 16)])
        #expect(meditate.notes == [day(2026, 11, 19): "Felt \"great\", then slept\nSecond line"])

        let run = result.habits[1]
        // Issue 48: a measurable habit keeps its unit, target and numbers; a week's total of 9.5 km
        // meets "at least 5 km a week" on both its days, the week before's 2.5 km does not.
        #expect(run.fields.measure == HabitMeasure(unit: "km", target: 5, kind: .atLeast))
        #expect(run.values == [day(2026, 11, 19): 6.5, day(2026, 11, 18): 3, day(2026, 11, 9): 2.5])
        #expect(run.trackedDays == [day(2026, 11, 18), day(2026, 11, 19)])
        #expect(run.fields.color == HabitColor(hex: "#1976d2"))
        #expect(run.losses.numericValues == 0)
        #expect(run.fields.schedule == .times(1, inDays: 7), "a number's target is for its period: Loop's 7 days")
        #expect(run.losses.nonDailyFrequencies == 0)
        #expect(run.losses.notes == 0 && run.notes == [day(2026, 11, 18): "short"])
        #expect(run.losses.skippedDays == 0 && run.skippedDays == [day(2026, 11, 16)])

        #expect(result.habits[2].trackedDays == [day(2026, 1, 1)])
        #expect(result.habits[2].isArchived, "archived in Loop, archived here (issue 38)")
        #expect(!result.habits[1].isArchived)
        #expect(result.habits[2].fields.color == .defaultColor, "no colour")
        #expect(result.habits[3].trackedDays == [importToday], "today is not the future")
        #expect(result.habits[3].fields.color == .defaultColor, "an index outside the palette")
        #expect(result.habits[3].fields.schedule == .daily, "once in 60 days: longer than any schedule")
        #expect(result.habits[3].losses.nonDailyFrequencies == 1)

        #expect(result.trackedDayCount == 6)
        let total = result.losses
        let counts: [Int] = [total.questions, total.descriptions, total.nonDailyFrequencies, total.notes,
                             total.numericValues, total.skippedDays, total.autoFilledDays]
        #expect(counts == [2, 1, 1, 0, 0, 0, 1])
    }

    @Test("an older export: fewer columns in Habits.csv, Checkmarks.csv without a header and with Loop's numeric codes")
    func olderExport() throws {
        let zip = try zipArchive([
            ("Habits.csv", "Position,Name,Description\n001,Read,\n002,Walk,\n"),
            ("001 Read/Checkmarks.csv", "2026-11-19,2\n2026-11-18,1\n2026-11-17,0\n2026-11-16,3\n2026-11-15,-1\n"),
        ])
        let result = try HabitImporter.read(zip, today: importToday)
        #expect(result.habits.map(\.fields.name) == ["Read", "Walk"])
        #expect(result.habits[0].trackedDays == [day(2026, 11, 19)])
        #expect(result.habits[0].losses.autoFilledDays == 1 && result.habits[0].skippedDays == [day(2026, 11, 16)], "3 is SKIP")
        #expect(result.habits[1].trackedDays.isEmpty, "a habit without a folder has no days")
        #expect(result.losses.isEmpty == false)
    }

    @Test("without Position, habits are numbered by their row")
    func noPosition() throws {
        let zip = try zipArchive([("Habits.csv", "Name\nA\nB\n"), ("002 B/Checkmarks.csv", "Date,Value\n2026-11-01,YES_MANUAL\n")])
        let result = try HabitImporter.read(zip, today: importToday)
        #expect(result.habits.map(\.trackedDays.count) == [0, 1])
    }

    @Test("a date that does not exist, a day after today and an unknown value are refused with file, line and column")
    func invalidRows() throws {
        func refusal(_ checkmarks: String) throws -> HabitImportError? {
            let zip = try zipArchive([("Habits.csv", "Position,Name\n001,Read\n"), ("001 Read/Checkmarks.csv", checkmarks)])
            return importError { () throws(HabitImportError) in try HabitImporter.read(zip, today: importToday) }
        }
        let file = "001 Read/Checkmarks.csv"
        #expect(try refusal("Date,Value,Notes\n2023-02-28,YES_MANUAL,\n2023-02-30,YES_MANUAL,\n")
                == .invalidDate(file: file, line: 3, column: "Date", value: "2023-02-30"))
        #expect(try refusal("Date,Value,Notes\n2026-11-21,YES_MANUAL,\n")
                == .futureDate(file: file, line: 2, column: "Date", day: day(2026, 11, 21)))
        #expect(try refusal("Date,Value,Notes\n2026-11-19,MAYBE,\n")
                == .invalidValue(file: file, line: 2, column: "Value", value: "MAYBE"))
        #expect(try refusal("Date,Value\n2026-11-19,\"YES\"MANUAL\n") == .csv(file: file, .textAfterClosingQuote(line: 2)))
    }

    @Test("Habits.csv must be there, name its habits, and every Checkmarks.csv folder must belong to one")
    func structure() throws {
        func refusal(_ files: [(String, String)]) throws -> HabitImportError? {
            let zip = try zipArchive(files.map { (path: $0.0, text: $0.1) })
            return importError { () throws(HabitImportError) in try HabitImporter.read(zip, today: importToday) }
        }
        #expect(try refusal([("habits.csv", "Name\nA\n")]) == .zipMissingHabitsCSV)
        #expect(try refusal([("Habits.csv", "Position,Title\n001,A\n")]) == .missingColumn(file: "Habits.csv", column: "Name"))
        #expect(try refusal([("Habits.csv", "Position,Name\n001,   \n")]) == .invalidName(file: "Habits.csv", line: 2, .required))
        #expect(try refusal([("Habits.csv", "Position,Name\n001,A\n"), ("007 Z/Checkmarks.csv", "Date,Value\n")])
                == .zipUnmatchedFolder(path: "007 Z/Checkmarks.csv"))
        #expect(try refusal([("Habits.csv", "Position,Name\n001,A\n"), ("001 A/Checkmarks.csv", ""), ("001 B/Checkmarks.csv", "")])
                == .zipUnmatchedFolder(path: "001 B/Checkmarks.csv"), "one folder per habit")
        #expect(try refusal([("Habits.csv", "")]) == .emptyFile(file: "Habits.csv"))
    }

    @Test("more habits than MyHabits keeps are refused")
    func tooManyHabits() throws {
        let rows = (1...4).map { "\($0),Habit \($0)\n" }.joined()
        let zip = try zipArchive([("Habits.csv", "Position,Name\n" + rows)])
        #expect(importError { () throws(HabitImportError) in
            try HabitImporter.read(zip, today: importToday, limits: HabitImportLimits(maxHabits: 3))
        } == .tooManyHabits(limit: 3))
    }
}
