import CompositionRoot
import Devices
import Foundation
import Habits
import Testing

/// Issue 38's schedules on both backends: kept across a restart, read by the list's one statement
/// (what is due today), carried by a backup with the archived flag and the reminder switch, kept
/// by an import, and obeyed by the reminder claims.
@Suite("HabitStore schedules (SQLite and PostgreSQL)")
struct HabitScheduleContract {
    let created = Date(timeIntervalSince1970: 1_763_800_000)
    let threeAWeek = HabitSchedule.times(3, in: 7)!
    let monWedFri = HabitSchedule.on(WeekdaySet(isoWeekdays: [1, 3, 5]))!
    /// 2026-11-23, a Monday, 07:30 in Warsaw (UTC+1 in November).
    let mondayDue = Date(timeIntervalSince1970: 1_795_415_400)

    func fields(_ name: String, _ schedule: HabitSchedule) -> HabitFields {
        HabitFields(name: name, time: TimeOfDay(hour: 7, minute: 30)!, color: .defaultColor, schedule: schedule)
    }

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    @Test("a schedule is kept across a restart and by an edit; the list says what is due today", arguments: Backend.allCases)
    func keptAndDue(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let ids = try await fixture.open { stores in
                let store = stores.habits(.alice)
                let run = try await store.create(fields("Run", threeAWeek), at: created)
                let swim = try await store.create(fields("Swim", .daily), at: created)
                #expect(try await store.update(id: swim.id, with: fields("Swim", monWedFri)))
                for iso in ["2026-11-16", "2026-11-23", "2026-11-24", "2026-11-25"] {
                    #expect(try await store.track(id: run.id, on: day(iso), at: created) == .changed)
                }
                return (run.id, swim.id)
            }
            try await fixture.open { stores in
                let store = stores.habits(.alice)
                #expect(try await store.habit(id: ids.0)?.schedule == threeAWeek)
                #expect(try await store.habits().map(\.schedule) == [threeAWeek, monWedFri])
                // Wednesday the 25th: Run's third this week is today's, so it is due (and done).
                let wednesday = try await store.overviews(today: day("2026-11-25"))
                #expect(wednesday.map(\.fields.schedule) == [threeAWeek, monWedFri])
                #expect(wednesday.map(\.isDueToday) == [true, true])
                // Thursday: Run has its three this week (Mon, Tue, Wed; last week's Monday is not
                // this week's); Swim is not asked on Thursdays.
                #expect(try await store.overviews(today: day("2026-11-26")).map(\.isDueToday) == [false, false])
                // The next Monday: a new week for Run, a chosen day for Swim.
                #expect(try await store.overviews(today: day("2026-11-30")).map(\.isDueToday) == [true, true])
                // Tuesday the 24th: two of this week's (Mon and today's) are not three yet.
                #expect(try await store.overviews(today: day("2026-11-24")).map(\.isDueToday) == [true, false])
            }
        }
    }

    @Test("a backup carries each habit's schedule, archived flag and reminder switch; a restore puts them back", arguments: Backend.allCases)
    func backup(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let run = try await store.create(fields("Run", threeAWeek), at: created)
            let swim = try await store.create(fields("Swim", monWedFri), at: created)
            _ = try await store.create(fields("Read", .daily), at: created)
            #expect(try await store.setArchived(id: swim.id, true))
            #expect(try await stores.reminders(.alice).setReminder(habitID: run.id, isOn: true))
            let backup = try await stores.backup(of: .alice)
            let habits = try #require(backup.sections["habits"] as? HabitsBackup).habits
            #expect(habits.map(\.schedule) == [BackedUpSchedule(times: 3, days: 7), BackedUpSchedule(weekdays: [1, 3, 5]), nil])
            #expect(habits.map(\.archived) == [nil, true, nil])
            #expect(habits.map(\.reminder) == [true, nil, nil])
            try await stores.restore(backup, for: .bob)
            let bob = stores.habits(.bob)
            #expect(try await bob.habits().map(\.schedule) == [threeAWeek, monWedFri, .daily])
            #expect(try await bob.overviews(today: day("2026-11-25")).map(\.fields.name) == ["Run", "Read"])
            #expect(try await bob.archivedOverviews(today: day("2026-11-25")).map(\.fields.name) == ["Swim"])
            let bobsRun = try #require(try await bob.habits().first)
            #expect(try await stores.reminders(.bob).reminderHabitIDs() == [bobsRun.id])
        }
    }

    @Test("an import keeps a habit's schedule and its archived state", arguments: Backend.allCases)
    func importKeeps(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let imported = HabitImport(source: .loopHabitTracker, habits: [
                ImportedHabit(fields: fields("Run", threeAWeek), originalName: "Run", trackedDays: [day("2026-11-02")], losses: ImportLosses()),
                ImportedHabit(fields: fields("Old", .daily), originalName: "Old", trackedDays: [], isArchived: true, losses: ImportLosses()),
            ])
            _ = try await stores.habits(.alice).add(imported, at: created)
            let habits = try await stores.habits(.alice).habits()
            #expect(habits.map(\.schedule) == [threeAWeek, .daily])
            #expect(habits.map(\.isArchived) == [false, true])
        }
    }

    @Test("reminders go out only on days the schedule asks for", arguments: Backend.allCases)
    func remindersFollowTheSchedule(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            try await stores.devices.setTimeZone("Europe/Warsaw", for: .alice)
            let store = stores.habits(.alice)
            let run = try await store.create(fields("Run", threeAWeek), at: created)
            let swim = try await store.create(fields("Swim", monWedFri), at: created)
            for habit in [run, swim] { #expect(try await stores.reminders(.alice).setReminder(habitID: habit.id, isOn: true)) }
            let dispatch = stores.reminderDispatch
            #expect(try await dispatch.claimDue(at: mondayDue.addingTimeInterval(-3600), limit: 10).isEmpty)
            func claimed(daysAfterMonday days: Int) async throws -> Set<Int64> {
                Set(try await dispatch.claimDue(at: mondayDue.addingTimeInterval(Double(days) * 86_400), limit: 10).map(\.habitID))
            }
            #expect(try await claimed(daysAfterMonday: 0) == [run.id, swim.id], "Monday: both")
            #expect(try await store.track(id: run.id, on: day("2026-11-23"), at: created) == .changed)
            #expect(try await store.track(id: run.id, on: day("2026-11-24"), at: created) == .changed)
            #expect(try await claimed(daysAfterMonday: 1) == [], "Tuesday: Run is done today, Swim is not asked")
            #expect(try await store.track(id: run.id, on: day("2026-11-25"), at: created) == .changed)
            #expect(try await claimed(daysAfterMonday: 2) == [swim.id], "Wednesday: Run is done today")
            #expect(try await claimed(daysAfterMonday: 3) == [], "Thursday: Run has its three this week")
            #expect(try await claimed(daysAfterMonday: 4) == [swim.id], "Friday: Swim's day; Run still has its three")
            #expect(try await claimed(daysAfterMonday: 5) == [], "Saturday")
            #expect(try await claimed(daysAfterMonday: 6) == [], "Sunday")
            #expect(try await claimed(daysAfterMonday: 7) == [run.id, swim.id], "the next Monday: a new week")
        }
    }
}
