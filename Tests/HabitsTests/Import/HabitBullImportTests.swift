import Foundation
import Testing
@testable import Habits

@Suite("HabitBull's CSV export (issue 36)")
struct HabitBullImportTests {
    static let header = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\n"

    @Test("repeated rows count once, US and ISO dates, Value 1 or more is done, comments with quotes and commas")
    func imports() throws {
        let csv = Self.header
            + "Drink water,8 glasses,Health,2026-11-18,1,\"Said \"\"enough\"\", then, more\"\n"
            + "Drink water,8 glasses,Health,2026-11-18,1,\"Said \"\"enough\"\", then, more\"\n"  // repeated
            + "Drink water,8 glasses,Health,11/19/2026,3,\n"
            + "Drink water,8 glasses,Health,1/2/2026,0,\n"
            + "Read,,,2026-11-20,1,\n"
            + "Read,,,11/20/2026,1,\n"  // the same day, written the US way
            + "Stretch,,,,,\n"
        let result = try HabitImporter.read(utf8(csv), today: importToday)
        #expect(result.source == .habitBull)
        #expect(result.habits.map(\.fields.name) == ["Drink water", "Read", "Stretch"])
        #expect(result.habits.allSatisfy { $0.fields.color == .defaultColor && $0.fields.time == HabitImport.defaultTime })
        #expect(result.habits[0].trackedDays == [day(2026, 11, 18), day(2026, 11, 19)], "0 on 2 January is not done")
        #expect(result.habits[1].trackedDays == [importToday])
        #expect(result.habits[2].trackedDays.isEmpty, "a habit listed without days")
        var water = ImportLosses()
        water.descriptions = 1
        water.categories = 1
        #expect(result.habits[0].losses == water, "3 glasses is kept (issue 48)")
        // Issue 48: a value above 1 makes the habit a count, at least 1 a day, its numbers kept.
        #expect(result.habits[0].fields.measure == HabitMeasure(unit: "", target: 1, kind: .atLeast))
        #expect(result.habits[0].values == [day(2026, 11, 18): 1, day(2026, 11, 19): 3, day(2026, 1, 2): 0])
        #expect(result.habits[1].fields.measure == nil, "only 1s: yes or no")
        #expect(result.habits[0].notes == [day(2026, 11, 18): "Said \"enough\", then, more"], "a day's comment is its note (issue 48)")
        #expect(result.habits[1].losses.isEmpty)
        #expect(result.trackedDayCount == 3)
    }

    @Test("a comment spanning lines keeps the line numbers of later rows right")
    func lineNumbers() {
        let csv = Self.header + "A,,,2026-11-01,1,\"one\ntwo\nthree\"\nA,,,2026-02-30,1,\n"
        #expect(importError { () throws(HabitImportError) in try HabitImporter.read(utf8(csv), today: importToday) }
                == .invalidDate(file: nil, line: 5, column: "CalendarDate", value: "2026-02-30"))
    }

    @Test("dates, values and names that are not valid are refused with their line")
    func refusals() {
        func refusal(_ rows: String) -> HabitImportError? {
            importError { () throws(HabitImportError) in try HabitImporter.read(utf8(Self.header + rows), today: importToday) }
        }
        #expect(refusal("A,,,2023-02-30,1,\n") == .invalidDate(file: nil, line: 2, column: "CalendarDate", value: "2023-02-30"))
        #expect(refusal("A,,,2/30/2023,1,\n") == .invalidDate(file: nil, line: 2, column: "CalendarDate", value: "2/30/2023"))
        #expect(refusal("A,,,13/1/2023,1,\n") == .invalidDate(file: nil, line: 2, column: "CalendarDate", value: "13/1/2023"))
        #expect(refusal("A,,,yesterday,1,\n") == .invalidDate(file: nil, line: 2, column: "CalendarDate", value: "yesterday"))
        #expect(refusal("A,,,2026-11-21,1,\n") == .futureDate(file: nil, line: 2, column: "CalendarDate", day: day(2026, 11, 21)))
        #expect(refusal("A,,,2026-11-01,yes,\n") == .invalidValue(file: nil, line: 2, column: "Value", value: "yes"))
        #expect(refusal("A,,,2026-11-01,,\n") == .invalidValue(file: nil, line: 2, column: "Value", value: ""))
        #expect(refusal("\"Two\nlines\",,,2026-11-01,1,\n") == .invalidName(file: nil, line: 2, .controlCharacters))
        #expect(refusal(String(repeating: "x", count: 101) + ",,,2026-11-01,1,\n") == .invalidName(file: nil, line: 2, .tooLong(max: 100)))
    }

    @Test("negative and huge values, as HabitBull writes them (Loop's habitbull2.csv has -2150000000), are imported as not done (issue 46, item 6)")
    func negativeAndHugeValues() throws {
        let csv = Self.header
            + "Meditate,,,2026-11-16,1,\n"
            + "Meditate,,,2026-11-17,-2150000000,\n"
            + "Meditate,,,2026-11-18,-1,\n"
            + "Meditate,,,2026-11-19,99999999999999999999,\n"
            + "Meditate,,,2026-11-20,0,\n"
        let result = try HabitImporter.read(utf8(csv), today: importToday)
        #expect(result.habits.count == 1)
        #expect(result.habits[0].trackedDays == [day(2026, 11, 16), day(2026, 11, 19)], "below 1 is not done; 1 or more is")
        #expect(result.habits[0].losses.numericValues == 3, "the values that are neither 0 nor 1 are listed as lost")
    }

    @Test("a value cut to 40 characters in the error")
    func longValueIsCut() {
        let long = String(repeating: "9", count: 500)
        guard case .invalidDate(_, _, _, let value) = importError({ () throws(HabitImportError) in
            try HabitImporter.read(utf8(Self.header + "A,,,\(long),1,\n"), today: importToday)
        }) else { Issue.record("not an invalid date"); return }
        #expect(value.count == HabitImportError.maxValueLength)
    }
}
