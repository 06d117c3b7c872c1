import CompositionRoot
import Devices
import Foundation
import Habits
import Testing

@Suite("HabitStore contract (SQLite and PostgreSQL)")
struct HabitStoreContract {
    let water = HabitFields(name: "Выпить стакан воды", time: TimeOfDay(hour: 7, minute: 30)!, color: HabitColor(red: 255, green: 45, blue: 85, alpha: 200))
    let run = HabitFields(name: "Run", time: TimeOfDay(hour: 6, minute: 0)!, color: .defaultColor)
    /// Whole seconds: PostgreSQL keeps microseconds, so a `Date()` would not come back equal.
    let created = Date(timeIntervalSince1970: 1_763_800_000)

    func day(_ iso: String) -> CalendarDay { CalendarDay(iso: iso)! }

    @Test("habits keep every field and their tracks across a restart", arguments: Backend.allCases)
    func persistence(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let habit = try await fixture.open { stores in
                let store = stores.habits(.alice)
                let habit = try await store.create(water, at: created)
                #expect(try await store.track(id: habit.id, on: day("2026-01-05"), at: created) == .changed)
                #expect(try await store.track(id: habit.id, on: day("2026-02-05"), at: created) == .changed)
                return habit
            }
            try await fixture.open { stores in
                let store = stores.habits(.alice)
                let stored = try #require(try await store.habit(id: habit.id))
                #expect(stored.fields == water)
                #expect(stored.createdAt == created)
                #expect(stored.trackedDays == [day("2026-01-05"), day("2026-02-05")])
                #expect(try await store.habits() == [stored])
            }
        }
    }

    @Test("a second track on the same day changes nothing; untracking undoes a track once", arguments: Backend.allCases)
    func idempotentTrack(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
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

    @Test("tracked today follows the tracks: untracking the latest day, or a later day tracked when the zone moved west", arguments: Backend.allCases)
    func trackedTodayFollowsTracks(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
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

    @Test("a device never sees, changes, tracks or deletes another device's habits", arguments: Backend.allCases)
    func deviceScoping(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let mine = stores.habits(.alice)
            let theirs = stores.habits(.bob)
            let habit = try await mine.create(water, at: created)
            _ = try await theirs.create(run, at: created)

            #expect(try await theirs.habit(id: habit.id) == nil)
            #expect(try await theirs.habits().map(\.name) == ["Run"])
            #expect(try await theirs.overviews(today: day("2026-11-22")).map(\.fields.name) == ["Run"])
            #expect(try await theirs.update(id: habit.id, with: water) == false)
            #expect(try await theirs.track(id: habit.id, on: day("2026-11-22"), at: created) == .noSuchHabit)
            #expect(try await theirs.untrack(id: habit.id, on: day("2026-11-22")) == .noSuchHabit)
            #expect(try await theirs.delete(id: habit.id) == false)
            #expect(try await theirs.firstActivity() == FirstActivity(created: created, tracked: nil))
            #expect(try await mine.habit(id: habit.id)?.trackedDays == [])
            #expect(try await mine.habits().count == 1)
            #expect(try await mine.track(id: 999_999, on: day("2026-11-22"), at: created) == .noSuchHabit)
        }
    }

    @Test("update changes the habit in place; delete removes it with its tracks", arguments: Backend.allCases)
    func updateAndDelete(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                let store = stores.habits(.alice)
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
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habitTrack") == 0)
        }
    }

    @Test("first activity is the earliest creation and the earliest track over all the device's habits", arguments: Backend.allCases)
    func firstActivity(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.habits(.alice)
            let later = try await store.create(run, at: created.addingTimeInterval(86_400))
            let earlier = try await store.create(water, at: created)
            _ = try await store.track(id: later.id, on: day("2026-03-01"), at: created)
            _ = try await store.track(id: earlier.id, on: day("2026-04-01"), at: created)
            _ = try await store.track(id: later.id, on: day("2026-02-10"), at: created)
            #expect(try await store.firstActivity() == FirstActivity(created: created, tracked: day("2026-02-10")))
        }
    }

    @Test("two clients tracking the same habit on the same day at once make one track", arguments: Backend.allCases)
    func concurrentTracksOfOneDay(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    let habit = try await first.habits(.alice).create(water, at: created)
                    let days = (1...12).map { day(String(format: "2026-05-%02d", $0)) }
                    for day in days {
                        async let one = first.habits(.alice).track(id: habit.id, on: day, at: created)
                        async let other = second.habits(.alice).track(id: habit.id, on: day, at: created)
                        let outcomes = try await [one, other]
                        #expect(outcomes.filter { $0 == .changed }.count == 1, "\(day): \(outcomes)")
                        #expect(outcomes.filter { $0 == .unchanged }.count == 1, "\(day): \(outcomes)")
                    }
                    let stored = try #require(try await second.habits(.alice).habit(id: habit.id))
                    #expect(stored.trackedDays == days)
                    let overview = try #require(try await first.habits(.alice).overviews(today: days.last!).first)
                    #expect(overview.trackCount == days.count)
                    #expect(overview.isTrackedToday)
                }
            }
        }
    }

    @Test("two clients tracking and untracking many days at once: the count and the latest day match the tracks", arguments: Backend.allCases)
    func concurrentTracksKeepTheCounts(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    let habit = try await first.habits(.alice).create(water, at: created)
                    let days = (1...30).map { day(String(format: "2026-06-%02d", $0)) }
                    try await withThrowingTaskGroup(of: TrackChange.self) { group in
                        for (index, day) in days.enumerated() {
                            let store = index.isMultiple(of: 2) ? first.habits(.alice) : second.habits(.alice)
                            group.addTask { try await store.track(id: habit.id, on: day, at: created) }
                        }
                        for try await outcome in group { #expect(outcome == .changed) }
                    }
                    // The latest days go again, from both clients at once, while the earliest is tracked again.
                    let removed = Array(days.suffix(5))
                    try await withThrowingTaskGroup(of: TrackChange.self) { group in
                        for (index, day) in removed.enumerated() {
                            let store = index.isMultiple(of: 2) ? first.habits(.alice) : second.habits(.alice)
                            group.addTask { try await store.untrack(id: habit.id, on: day) }
                        }
                        group.addTask { try await second.habits(.alice).track(id: habit.id, on: days[0], at: created) }
                        var outcomes: [TrackChange] = []
                        for try await outcome in group { outcomes.append(outcome) }
                        #expect(outcomes.filter { $0 == .changed }.count == removed.count)
                    }
                    let kept = Array(days.dropLast(5))
                    #expect(try await first.habits(.alice).habit(id: habit.id)?.trackedDays == kept)
                    let overview = try #require(try await second.habits(.alice).overviews(today: kept.last!).first)
                    #expect(overview.trackCount == kept.count)
                    #expect(overview.isTrackedToday)
                    #expect(try await second.habits(.alice).overviews(today: removed[0]).first?.isTrackedToday == false)
                }
            }
        }
    }
}

extension StoreBackend {
    /// The owner's habits, through the core's protocol only.
    func habits(_ owner: DeviceID) -> any HabitStore {
        switch self {
        case .sqlite(let database): database.habitStore(owner: owner)
        case .postgres(let database): database.habitStore(owner: owner)
        }
    }
}
