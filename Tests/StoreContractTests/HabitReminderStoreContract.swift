import CompositionRoot
import Devices
import Foundation
import Habits
import Testing

/// Issue 38's storage on both backends: a habit's reminder flag, the browsers' push subscriptions
/// and the scheduler's claims.
@Suite("HabitReminderStore and ReminderDispatchStore contract (SQLite and PostgreSQL)")
struct HabitReminderStoreContract {
    let water = HabitFields(name: "Water", time: TimeOfDay(hour: 7, minute: 30)!, color: .defaultColor)
    let created = Date(timeIntervalSince1970: 1_763_800_000)
    /// 2026-11-23 07:30 in Warsaw (UTC+1 in November).
    let dueInstant = Date(timeIntervalSince1970: 1_795_415_400)

    static func subscription(_ n: Int) -> StoredPushSubscription {
        StoredPushSubscription(endpoint: "https://fcm.googleapis.com/fcm/send/\(n)", p256dh: "key\(n)", auth: "auth\(n)")
    }

    func session(_ stores: Stores, of owner: DeviceID) async throws -> SessionID {
        let session = BrowserSession(id: .random(), owner: owner, name: "Chrome on Android", createdAt: created)
        return try await stores.sessions.open(session).id
    }

    @Test("a reminder is a flag on one's own habit, gone with the habit", arguments: Backend.allCases)
    func reminderFlag(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                let habit = try await stores.habits(.alice).create(water, at: created)
                let alice = stores.reminders(.alice)
                #expect(try await alice.reminderHabitIDs().isEmpty)
                #expect(try await alice.setReminder(habitID: habit.id, isOn: true))
                #expect(try await alice.setReminder(habitID: habit.id, isOn: true))
                #expect(try await alice.reminderHabitIDs() == [habit.id])
                #expect(try await stores.reminders(.bob).setReminder(habitID: habit.id, isOn: false) == false)
                #expect(try await stores.reminders(.bob).reminderHabitIDs().isEmpty)
                #expect(try await alice.reminderHabitIDs() == [habit.id])
                #expect(try await alice.setReminder(habitID: habit.id, isOn: false))
                #expect(try await alice.reminderHabitIDs().isEmpty)
                #expect(try await alice.setReminder(habitID: habit.id, isOn: true))
                #expect(try await stores.habits(.alice).delete(id: habit.id))
                #expect(try await alice.setReminder(habitID: habit.id, isOn: true) == false)
            }
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habitReminder") == 0)
        }
    }

    @Test("a subscription belongs to one browser of its owner: replaced by the browser's next, gone when the browser is removed", arguments: Backend.allCases)
    func subscriptionsPerSession(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                let phone = try await session(stores, of: .alice)
                let laptop = try await session(stores, of: .alice)
                let bobs = try await session(stores, of: .bob)
                let alice = stores.reminders(.alice)
                try await alice.subscribe(Self.subscription(1), session: phone)
                try await alice.subscribe(Self.subscription(2), session: laptop)
                // Bob's browser is not alice's: nothing is kept.
                try await alice.subscribe(Self.subscription(3), session: bobs)
                #expect(Set(try await alice.subscriptions()) == [Self.subscription(1), Self.subscription(2)])
                #expect(try await stores.reminders(.bob).subscriptions().isEmpty)
                // The phone's new subscription replaces its old one.
                try await alice.subscribe(Self.subscription(4), session: phone)
                #expect(Set(try await alice.subscriptions()) == [Self.subscription(4), Self.subscription(2)])
                #expect(try await stores.reminders(.bob).unsubscribe(endpoint: Self.subscription(4).endpoint, session: bobs) == false)
                #expect(try await alice.unsubscribe(endpoint: Self.subscription(4).endpoint, session: phone))
                #expect(try await alice.subscriptions() == [Self.subscription(2)])
                #expect(try await stores.sessions.remove(laptop, of: .alice, by: phone, at: created))
                #expect(try await alice.subscriptions().isEmpty)
                // A removed browser cannot subscribe again.
                try await alice.subscribe(Self.subscription(5), session: laptop)
                #expect(try await alice.subscriptions().isEmpty)
            }
        }
    }

    @Test("an endpoint another browser registered stays with it: a second session's subscribe moves nothing (issue 46, item 13)",
          arguments: Backend.allCases)
    func anEndpointDoesNotMoveBetweenSessions(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                let phone = try await session(stores, of: .alice)
                let bobs = try await session(stores, of: .bob)
                let alices = Self.subscription(1)
                try await stores.reminders(.alice).subscribe(alices, session: phone)
                // Bob names alice's endpoint with keys of his own.
                let taken = StoredPushSubscription(endpoint: alices.endpoint, p256dh: Self.subscription(2).p256dh, auth: Self.subscription(2).auth)
                try await stores.reminders(.bob).subscribe(taken, session: bobs)
                #expect(try await stores.reminders(.alice).subscriptions() == [alices], "alice's subscription and keys stay hers")
                #expect(try await stores.reminders(.bob).subscriptions().isEmpty)
                // The same session renewing its keys is still one subscription, updated.
                let renewed = StoredPushSubscription(endpoint: alices.endpoint, p256dh: Self.subscription(3).p256dh, auth: Self.subscription(3).auth)
                try await stores.reminders(.alice).subscribe(renewed, session: phone)
                #expect(try await stores.reminders(.alice).subscriptions() == [renewed])
                // Another browser of the same owner does not take it either.
                let laptop = try await session(stores, of: .alice)
                try await stores.reminders(.alice).subscribe(alices, session: laptop)
                #expect(try await fixture.integer("SELECT COUNT(*) FROM pushSubscription WHERE sessionID = '\(laptop.rawValue)'") == 0)
            }
        }
    }

    @Test("a due reminder is claimed once, at the habit's time in the device's zone, never for a tracked day", arguments: Backend.allCases)
    func claims(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                try await stores.devices.setTimeZone("Europe/Warsaw", for: .alice)
                let habit = try await stores.habits(.alice).create(water, at: created)
                let phone = try await session(stores, of: .alice)
                try await stores.reminders(.alice).subscribe(Self.subscription(1), session: phone)
                #expect(try await stores.reminders(.alice).setReminder(habitID: habit.id, isOn: true))
                let dispatch = stores.reminderDispatch
                #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(-3 * 3600), limit: 10).isEmpty)
                #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(-1), limit: 10).isEmpty)
                let claimed = try await dispatch.claimDue(at: dueInstant, limit: 10)
                #expect(claimed == [DueReminder(habitID: habit.id, owner: .alice, name: "Water", language: nil,
                                                day: CalendarDay(iso: "2026-11-23")!, subscriptions: [Self.subscription(1)])])
                #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(60), limit: 10).isEmpty)
                // The next day is tracked before its time: nothing goes out.
                let nextDay = dueInstant.addingTimeInterval(86_400)
                #expect(try await stores.habits(.alice).track(id: habit.id, on: CalendarDay(iso: "2026-11-24")!, at: created) == .changed)
                #expect(try await dispatch.claimDue(at: nextDay, limit: 10).isEmpty)
                // The day after, it does again.
                #expect(try await dispatch.claimDue(at: nextDay.addingTimeInterval(86_400), limit: 10).map(\.day) == [CalendarDay(iso: "2026-11-25")!])
                // The push service said the subscription is gone.
                try await dispatch.deleteSubscription(endpoint: Self.subscription(1).endpoint)
                #expect(try await stores.reminders(.alice).subscriptions().isEmpty)
            }
        }
    }

    @Test("a habit's new time and a device's new zone move the reminder; a day already sent is not sent again", arguments: Backend.allCases)
    func rescheduled(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            try await stores.devices.setTimeZone("Europe/Warsaw", for: .alice)
            let habits = stores.habits(.alice)
            let habit = try await habits.create(water, at: created)
            #expect(try await stores.reminders(.alice).setReminder(habitID: habit.id, isOn: true))
            let dispatch = stores.reminderDispatch
            #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(-3600), limit: 10).isEmpty)
            // Moved to 07:00 in London (UTC in November): due at 07:00Z, half an hour later.
            try await stores.devices.setTimeZone("Europe/London", for: .alice)
            #expect(try await habits.update(id: habit.id, with: HabitFields(name: "Water", time: TimeOfDay(hour: 7, minute: 0)!, color: .defaultColor)))
            #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(-60), limit: 10).isEmpty)
            #expect(try await dispatch.claimDue(at: dueInstant, limit: 10).isEmpty)
            #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(1800), limit: 10).count == 1)
            // Moved later the same day after it went out: not again that day.
            #expect(try await habits.update(id: habit.id, with: HabitFields(name: "Water", time: TimeOfDay(hour: 9, minute: 0)!, color: .defaultColor)))
            #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(1860), limit: 10).isEmpty)
            #expect(try await dispatch.claimDue(at: dueInstant.addingTimeInterval(9000), limit: 10).isEmpty)
        }
    }

    @Test("two servers claiming at once: each reminder goes to one of them", arguments: Backend.allCases)
    func concurrentClaims(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                try await stores.devices.setTimeZone("Europe/Warsaw", for: .alice)
                for n in 0..<40 {
                    let habit = try await stores.habits(.alice).create(HabitFields(name: "H\(n)", time: water.time, color: .defaultColor), at: created)
                    #expect(try await stores.reminders(.alice).setReminder(habitID: habit.id, isOn: true))
                }
                #expect(try await stores.reminderDispatch.claimDue(at: dueInstant.addingTimeInterval(-3600), limit: 100).isEmpty)
                try await fixture.open { other in
                    async let first = stores.reminderDispatch.claimDue(at: dueInstant, limit: 7)
                    async let second = other.reminderDispatch.claimDue(at: dueInstant, limit: 7)
                    var claimed = try await first + second
                    while true {
                        async let more = stores.reminderDispatch.claimDue(at: dueInstant, limit: 7)
                        async let others = other.reminderDispatch.claimDue(at: dueInstant, limit: 7)
                        let round = try await more + others
                        if round.isEmpty { break }
                        claimed += round
                    }
                    #expect(claimed.count == 40)
                    #expect(Set(claimed.map(\.habitID)).count == 40)
                }
            }
        }
    }
}

extension StoreBackend {
    func reminders(_ owner: DeviceID) -> any HabitReminderStore {
        switch self {
        case .sqlite(let database): database.habitReminderStore(owner: owner)
        case .postgres(let database): database.habitReminderStore(owner: owner)
        }
    }

    var reminderDispatch: any ReminderDispatchStore {
        switch self {
        case .sqlite(let database): database.reminderDispatch
        case .postgres(let database): database.reminderDispatch
        }
    }
}
