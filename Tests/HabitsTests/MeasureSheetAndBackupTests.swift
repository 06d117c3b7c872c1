import Foundation
import Localization
import Persistence
import TestDoubles
import Testing
@testable import Habits

/// A measurable habit on the sheet and in a backup (issue 48).
@Suite("Measurable habits: the sheet, the backup, the CSV")
struct MeasureSheetAndBackupTests {
    let km = HabitMeasure(unit: "km", target: 2.5, kind: .atLeast)!

    func draft(target: String, unit: String = "km", frequency: HabitDraft.Frequency = .daily) -> HabitDraft {
        HabitDraft(name: "Run", color: "#FF9F0A", time: "07:30", frequency: frequency, times: "3", days: "7",
                   kind: .number, unit: unit, target: target, targetKind: .atLeast)
    }

    @Test("a target is read in the page's language; a number's N-in-M is per M days")
    func validTarget() throws {
        #expect(try draft(target: "2,5").validate(language: .ru).get().measure == km)
        #expect(try draft(target: "2.5").validate(language: .en).get().measure == km)
        #expect(try draft(target: " 2,5 ", unit: " km ").validate(language: .pl).get().measure == km)
        #expect(try draft(target: "10", frequency: .times).validate().get().schedule == .times(1, inDays: 7), "the target is the week's")
        #expect(try HabitDraft(name: "Read", color: "#FF9F0A", time: "07:30", target: "x").validate().get().measure == nil,
                "a yes/no habit reads no target")
    }

    @Test("a bad target or unit is refused with the field named, and the sheet keeps what was typed")
    func invalidTarget() {
        for (target, language) in [("2,5", Language.en), ("abc", .ru), ("0", .en), ("-3", .pl), ("", .en)] {
            guard case .failure(let errors) = draft(target: target).validate(language: language) else {
                Issue.record("\(target) in \(language) accepted")
                continue
            }
            #expect(errors[.target] == .invalidTarget)
        }
        guard case .failure(let errors) = draft(target: "5", unit: String(repeating: "к", count: 21)).validate() else {
            Issue.record("a long unit accepted")
            return
        }
        #expect(errors[.unit] == .tooLong(max: 20))
        let message = HabitFieldError.invalidTarget.message(in: Catalogues.habits[.ru])
        #expect(message.contains("2,5") && !message.contains("{"))
    }

    @Test("editing fills the sheet with the target as the language writes it")
    func editing() {
        let fields = HabitFields(name: "Run", time: TimeOfDay(hour: 7, minute: 30)!, color: .defaultColor, measure: km)
        let filled = HabitDraft(fields, language: .ru)
        #expect(filled.kind == .number && filled.unit == "km" && filled.target == "2,5" && filled.targetKind == .atLeast)
    }

    @Test("a backup carries the measure and values; restored, the done days come from the values")
    func backupRoundTrip() throws {
        let monday = day(2026, 11, 16)
        let habit = Habit(
            id: 1, fields: HabitFields(name: "Run", time: TimeOfDay(hour: 7, minute: 30)!, color: .defaultColor, measure: km),
            createdAt: Date(timeIntervalSince1970: 1_700_000_000), trackedDays: [monday], values: [monday: 3, monday.adding(days: 1): 1.25])
        let data = try JSONEncoder().encode(BackedUpHabit(habit))
        let read = try JSONDecoder().decode(BackedUpHabit.self, from: data).validated()
        #expect(read.fields.measure == km)
        #expect(read.values == habit.values)
        #expect(read.days == [monday])
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.contains("\"values\"") && json.contains("\"measure\""))
    }

    @Test("a backup from before issue 48 reads as yes/no")
    func olderBackup() throws {
        let json = ##"{"name":"Read","time":"21:30","color":"#FF9F0A","createdAt":0,"days":["2026-11-16"]}"##
        let read = try JSONDecoder().decode(BackedUpHabit.self, from: Data(json.utf8)).validated()
        #expect(read.fields.measure == nil && read.values.isEmpty && read.days == [day(2026, 11, 16)])
    }

    @Test("a value a day cannot hold, or a measure no habit has, is refused")
    func invalidBackup() {
        var bad = BackedUpHabit(name: "Run", time: "07:30", color: "#FF9F0A", createdAt: Date(), days: [],
                                measure: BackedUpMeasure(unit: "km", target: 5), values: ["2026-11-16": -1])
        #expect(throws: BackupRejected.self) { try bad.validated() }
        bad.values = ["2026-11-16": 1]
        bad.measure = BackedUpMeasure(unit: "km", target: 0)
        #expect(throws: BackupRejected.self) { try bad.validated() }
    }

    @Test("the CSV export writes each day's value and unit")
    func csv() {
        let monday = day(2026, 11, 16)
        let habit = Habit(
            id: 7, fields: HabitFields(name: "Run", time: TimeOfDay(hour: 7, minute: 30)!, color: .defaultColor, measure: km),
            createdAt: Date(timeIntervalSince1970: 0), trackedDays: [monday], values: [monday: 1234.5])
        let lines = HabitsCSV.export([habit]).split(separator: "\r\n")
        #expect(lines[0] == "habit_id,name,time,color,created_at,day,state,value,unit,note")
        #expect(lines[1].hasSuffix(",2026-11-16,done,1234.5,km,"))
    }
}

/// A day's sheet for a measurable habit (issue 48), on the pure core with an injected clock.
@Suite("Measurable habits: the day's sheet")
struct MeasureDaySheetTests {
    let warsaw = zone("Europe/Warsaw")

    @Test("a value typed in the page's language is saved; a bad one changes nothing; a skip takes the value")
    func saveDay() async throws {
        let store = InMemoryHabitStore()
        let clock = TestClock(date(2026, 11, 18, 9, 0, in: warsaw))
        let habits = HabitsService(store: store, timeZone: warsaw, now: { clock.now })
        let km = HabitMeasure(unit: "km", target: 5, kind: .atLeast)!
        let habit = try await habits.create(HabitFields(name: "Run", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor, measure: km))
        let today = day(2026, 11, 18)

        #expect(try await habits.saveDay(habitID: habit.id, on: today, state: .none, note: "", value: "3,5", language: .ru) == .saved)
        var overview = try #require(try await habits.overviews().first)
        #expect(overview.periodTotal == 3.5 && !overview.isTrackedToday)
        #expect(try await habits.saveDay(habitID: habit.id, on: today, state: .none, note: "", value: "6", language: .ru) == .saved)
        overview = try #require(try await habits.overviews().first)
        #expect(overview.periodTotal == 6 && overview.isTrackedToday, "6 meets 5")
        #expect(try await habits.dueLeftToday() == 0)

        #expect(try await habits.saveDay(habitID: habit.id, on: today, state: .none, note: "x", value: "six", language: .en)
                == .invalidValue(.invalidValue))
        #expect(try #require(try await store.habit(id: habit.id)).values == [today: 6], "nothing changed, the note neither")
        #expect(try #require(try await store.habit(id: habit.id)).notes.isEmpty)

        #expect(try await habits.saveDay(habitID: habit.id, on: today, state: .skipped, note: "rest", value: "6", language: .en) == .saved)
        let skipped = try #require(try await store.habit(id: habit.id))
        #expect(skipped.values.isEmpty && skipped.trackedDays.isEmpty && skipped.skippedDays == [today] && skipped.notes == [today: "rest"])

        #expect(try await habits.saveDay(habitID: habit.id, on: today, state: .none, note: "", value: "", language: .en) == .saved)
        #expect(try #require(try await store.habit(id: habit.id)).skippedDays.isEmpty, "no longer skipped, no value")
        #expect(try await habits.saveDay(habitID: habit.id, on: day(2026, 11, 19), state: .none, note: "", value: "1", language: .en)
                == .refused(.future))
    }
}
