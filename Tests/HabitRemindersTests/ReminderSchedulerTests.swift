import CompositionRoot
import Foundation
import HabitReminders
import Habits
import PostgresTestSupport
import PushServiceStandIn
import Testing
import WebPush

/// The scheduler over a real SQLite file (and PostgreSQL), the live sender and the loopback push
/// service, its clock moved by hand.
@Suite("Reminder scheduler")
struct ReminderSchedulerTests {
    @Test("a 07:30 Europe/Warsaw reminder goes out once, at 07:30 local, and never for a day already ticked")
    func onceAtTheHabitsTime() async throws {
        try await withOneReminder(from: "2026-11-23T05:00:00Z") { clock, _, service, world, scheduler in
            try await scheduler.tick()
            clock.set("2026-11-23T06:29:59Z")
            try await scheduler.tick()
            #expect(service.deliveries.isEmpty)
            clock.set("2026-11-23T06:30:00Z")  // 07:30 in Warsaw (UTC+1)
            #expect(try await scheduler.tick().delivered == 1)
            clock.set("2026-11-23T06:30:20Z")
            try await scheduler.tick()
            clock.set("2026-11-23T12:00:00Z")
            try await scheduler.tick()
            #expect(service.deliveries.count == 1)
            let delivered = try notification(try #require(service.deliveries.first))
            #expect(delivered.title == "Drink water")
            #expect(delivered.url == "/habits/\(world.habitID)")
            #expect(delivered.track == "/habits/\(world.habitID)/track")
            #expect(delivered.day == "2026-11-23")
            #expect(delivered.done == "Mark as Done")
            #expect(service.deliveries.first?.urgency == "high")
            #expect(service.refusals.isEmpty)
            // Ticked on the 24th before its time: nothing that day; the 25th as usual.
            try await world.track("2026-11-24")
            clock.set("2026-11-24T06:30:00Z")
            try await scheduler.tick()
            #expect(service.deliveries.count == 1)
            clock.set("2026-11-25T06:30:00Z")
            try await scheduler.tick()
            #expect(try service.deliveries.map { try notification($0).day } == ["2026-11-23", "2026-11-25"])
        }
    }

    @Test("on the days the clocks change in Warsaw, the reminder still goes out at 07:30 local, once", arguments: [
        // Spring forward (29 March): 07:30 is 06:30Z the day before, 05:30Z that day.
        ("2026-03-28T05:00:00Z", ["2026-03-28T06:30:00Z", "2026-03-29T05:30:00Z", "2026-03-30T05:30:00Z"]),
        // Fall back (25 October): 05:30Z the day before, 06:30Z that day.
        ("2026-10-24T05:00:00Z", ["2026-10-24T05:30:00Z", "2026-10-25T06:30:00Z", "2026-10-26T06:30:00Z"]),
    ])
    func acrossDaylightSavingTime(start: String, expected: [String]) async throws {
        try await withOneReminder(from: start) { clock, _, service, _, scheduler in
            try await scheduler.tick()
            var sentAt: [Date] = []
            // Every ten minutes for three days.
            for _ in 0..<(3 * 144) {
                clock.advance(600)
                let before = service.deliveries.count
                try await scheduler.tick()
                if service.deliveries.count > before { sentAt.append(clock.now) }
            }
            let formatter = ISO8601DateFormatter()
            #expect(sentAt.map(formatter.string(from:)) == expected)
            #expect(service.deliveries.count == 3)
        }
    }

    @Test("a subscription the push service answers 404 or 410 for is deleted", arguments: [PushServiceStandIn.Answer.notFound, .gone])
    func goneSubscriptionsAreDeleted(answer: PushServiceStandIn.Answer) async throws {
        try await withOneReminder(from: "2026-11-23T06:00:00Z") { clock, stores, service, world, scheduler in
            service.answer(answer, for: world.subscription)
            try await scheduler.tick()
            clock.set("2026-11-23T06:30:00Z")
            #expect(try await scheduler.tick().gone == 1)
            #expect(try await stores.reminderStore(ReminderWorld.owner).subscriptions().isEmpty)
        }
    }

    @Test("429 and 5xx are tried again after the backoff, and delivered once the service takes them")
    func retriedWithBackoff() async throws {
        try await withOneReminder(from: "2026-11-23T06:00:00Z") { clock, stores, service, world, scheduler in
            service.answer(.tooManyRequests(retryAfter: "120"), for: world.subscription)
            try await scheduler.tick()
            clock.set("2026-11-23T06:30:00Z")
            #expect(try await scheduler.tick().retrying == 1)
            clock.advance(60)  // not yet: the service asked for 120 s
            try await scheduler.tick()
            #expect(service.deliveries.count == 1)
            service.answer(.serverError(retryAfter: nil), for: world.subscription)
            clock.advance(61)
            #expect(try await scheduler.tick().retrying == 1)
            #expect(service.deliveries.count == 2)
            service.answer(.created, for: world.subscription)
            clock.advance(59)  // the backoff's second wait is 60 s
            try await scheduler.tick()
            #expect(service.deliveries.count == 2)
            clock.advance(2)
            let last = try await scheduler.tick()
            #expect(last.delivered == 1 && last.retrying == 0)
            #expect(service.deliveries.map(\.status) == [429, 500, 201])
            #expect(try await stores.reminderStore(ReminderWorld.owner).subscriptions().count == 1)
        }
    }

    @Test("two servers on one PostgreSQL: one notification per reminder")
    func twoServersOnePostgres() async throws {
        let clock = TestClock("2026-11-23T06:00:00Z")
        let keys = VAPIDKeys.generate()
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { first in
                try await TestPostgres.withMigrated(url) { second in
                    try await withPushService(clock: clock, keys: keys) { service, sender in
                        var worlds: [ReminderWorld] = []
                        for n in 0..<10 {
                            worlds.append(try await ReminderWorld.make(
                                on: .postgres(first), service: service, keys: keys, name: "Habit \(n)", created: clock.now))
                        }
                        let one = makeScheduler(.postgres(first), sender, clock)
                        let other = makeScheduler(.postgres(second), sender, clock)
                        try await one.tick()
                        clock.set("2026-11-23T06:30:00Z")
                        async let a = one.tick()
                        async let b = other.tick()
                        let (ticks) = try await [a, b]
                        clock.advance(30)
                        async let c = one.tick()
                        async let d = other.tick()
                        _ = try await [c, d]
                        #expect(ticks.map(\.claimed).reduce(0, +) == 10)
                        // Each habit's reminder reached each of its browsers exactly once.
                        #expect(service.deliveries.count == 10 * 10)
                        let titles = try service.deliveries.map { try notification($0).title }
                        #expect(Set(titles).count == 10)
                        #expect(titles.count == 10 * 10)
                    }
                }
            }
        }
    }
}
