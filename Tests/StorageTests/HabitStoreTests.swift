import Devices
import Foundation
import Habits
import Storage
import Testing

@Suite("SQLiteHabitStore")
struct HabitStoreTests {
    let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    let bob = DeviceID("fedcba9876543210fedcba9876543210")!
    let water = HabitFields(name: "Выпить стакан воды", time: TimeOfDay(hour: 7, minute: 30)!, color: HabitColor(red: 255, green: 45, blue: 85, alpha: 200))
    let created = Date(timeIntervalSince1970: 1_763_800_000)

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    @Test("habits keep every field and their tracks across a reopen of the file")
    func persistence() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        var database = try temporary.open()
        let store = database.habitStore(owner: alice)
        let habit = try await store.create(water, at: created)
        #expect(try await store.track(id: habit.id, on: day("2026-01-05"), at: created) == .changed)
        #expect(try await store.track(id: habit.id, on: day("2026-02-05"), at: created) == .changed)
        try database.close()

        database = try temporary.open()
        let reopened = database.habitStore(owner: alice)
        let stored = try #require(try await reopened.habit(id: habit.id))
        #expect(stored.fields == water)
        #expect(stored.createdAt == created)
        #expect(stored.trackedDays == [day("2026-01-05"), day("2026-02-05")])
        #expect(try await reopened.habits() == [stored])
        try database.close()
    }

    @Test("a second track on the same day is refused by the table itself")
    func idempotentTrack() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.habitStore(owner: alice)
            let habit = try await store.create(water, at: created)
            #expect(try await store.track(id: habit.id, on: day("2026-11-22"), at: created) == .changed)
            #expect(try await store.track(id: habit.id, on: day("2026-11-22"), at: created.addingTimeInterval(60)) == .unchanged)
            let overview = try #require(try await store.overviews(today: day("2026-11-22")).first)
            #expect(overview.trackCount == 1)
            #expect(overview.isTrackedToday)
            #expect(try await store.overviews(today: day("2026-11-23")).first?.isTrackedToday == false)
            #expect(try await store.untrack(id: habit.id, on: day("2026-11-22")) == .changed)
            #expect(try await store.untrack(id: habit.id, on: day("2026-11-22")) == .unchanged)
            #expect(try await store.overviews(today: day("2026-11-22")).first?.trackCount == 0)
        }
    }

    @Test("tracked today follows the tracks: untracking the latest day, or a later day tracked when the zone moved west")
    func trackedTodayFollowsTracks() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.habitStore(owner: alice)
            let habit = try await store.create(water, at: created)
            func trackedOn(_ iso: String) async throws -> Bool? { try await store.overviews(today: day(iso)).first?.isTrackedToday }

            #expect(try await trackedOn("2026-11-22") == false)
            _ = try await store.track(id: habit.id, on: day("2026-11-21"), at: created)
            _ = try await store.track(id: habit.id, on: day("2026-11-22"), at: created)
            #expect(try await trackedOn("2026-11-22") == true)
            #expect(try await trackedOn("2026-11-21") == true)  // a later day is tracked too
            #expect(try await trackedOn("2026-11-20") == false)

            _ = try await store.untrack(id: habit.id, on: day("2026-11-22"))
            #expect(try await trackedOn("2026-11-22") == false)
            #expect(try await trackedOn("2026-11-21") == true)
            _ = try await store.untrack(id: habit.id, on: day("2026-11-21"))
            #expect(try await trackedOn("2026-11-21") == false)
            // An older day tracked after a newer one leaves the newer one the latest.
            _ = try await store.track(id: habit.id, on: day("2026-11-23"), at: created)
            _ = try await store.track(id: habit.id, on: day("2026-11-01"), at: created)
            #expect(try await trackedOn("2026-11-23") == true)
            #expect(try await trackedOn("2026-11-01") == true)
        }
    }

    @Test("a device never sees, changes, tracks or deletes another device's habits")
    func deviceScoping() async throws {
        try await TemporaryDatabase.withFresh { database in
            let mine = database.habitStore(owner: alice)
            let theirs = database.habitStore(owner: bob)
            let habit = try await mine.create(water, at: created)
            _ = try await theirs.create(HabitFields(name: "Run", time: TimeOfDay(hour: 6, minute: 0)!, color: .defaultColor), at: created)

            #expect(try await theirs.habit(id: habit.id) == nil)
            #expect(try await theirs.habits().map(\.name) == ["Run"])
            #expect(try await theirs.overviews(today: day("2026-11-22")).map(\.fields.name) == ["Run"])
            #expect(try await theirs.update(id: habit.id, with: water) == false)
            #expect(try await theirs.track(id: habit.id, on: day("2026-11-22"), at: created) == .noSuchHabit)
            #expect(try await theirs.untrack(id: habit.id, on: day("2026-11-22")) == .noSuchHabit)
            #expect(try await theirs.delete(id: habit.id) == false)
            #expect(try await mine.habit(id: habit.id)?.trackedDays == [])
            #expect(try await mine.habits().count == 1)
        }
    }

    @Test("update changes the habit in place; delete removes it with its tracks")
    func updateAndDelete() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.habitStore(owner: alice)
            let habit = try await store.create(water, at: created)
            _ = try await store.track(id: habit.id, on: day("2026-11-20"), at: created)
            let changed = HabitFields(name: "Two glasses", time: TimeOfDay(hour: 8, minute: 0)!, color: .defaultColor)
            #expect(try await store.update(id: habit.id, with: changed))
            #expect(try await store.habits().map(\.fields) == [changed])
            #expect(try await store.habit(id: habit.id)?.trackedDays == [day("2026-11-20")])
            #expect(try await store.firstActivity() == FirstActivity(created: created, tracked: day("2026-11-20")))
            #expect(try await store.delete(id: habit.id))
            #expect(try await store.habits().isEmpty)
            #expect(try await store.firstActivity() == FirstActivity(created: nil, tracked: nil))
            #expect(try await store.delete(id: habit.id) == false)
        }
    }

    @Test("the device's time zone is remembered")
    func timeZone() async throws {
        try await TemporaryDatabase.withFresh { database in
            #expect(try await database.devices.preferences(of: alice) == nil)
            try await database.devices.setTimeZone("Pacific/Kiritimati", for: alice)
            #expect(try await database.devices.preferences(of: alice)?.timeZone == "Pacific/Kiritimati")
        }
    }
}
