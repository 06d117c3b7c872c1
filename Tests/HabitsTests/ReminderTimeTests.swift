import Foundation
import Habits
import Testing

/// When a reminder is due (issue 38): the habit's time on the device's wall clock.
@Suite struct ReminderTimeTests {
    let warsaw = TimeZone(identifier: "Europe/Warsaw")!

    func instant(_ iso: String) -> Date { ISO8601DateFormatter().date(from: iso)! }

    @Test func sevenThirtyInWarsawIsSixThirtyUTCInWinterAndFiveThirtyInSummer() {
        let time = TimeOfDay(hour: 7, minute: 30)!
        #expect(ReminderTime.instant(of: CalendarDay(iso: "2026-11-23")!, at: time, in: warsaw) == instant("2026-11-23T06:30:00Z"))
        #expect(ReminderTime.instant(of: CalendarDay(iso: "2026-07-01")!, at: time, in: warsaw) == instant("2026-07-01T05:30:00Z"))
        #expect(ReminderTime.instant(of: CalendarDay(iso: "2026-03-29")!, at: time, in: warsaw) == instant("2026-03-29T05:30:00Z"))
    }

    @Test func aTimeInTheSpringGapIsDueWhenTheClocksHaveJumped() {
        // 29 March 2026: 02:00 CET becomes 03:00 CEST; 02:30 never shows.
        let due = ReminderTime.instant(of: CalendarDay(iso: "2026-03-29")!, at: TimeOfDay(hour: 2, minute: 30)!, in: warsaw)
        #expect(due == instant("2026-03-29T01:00:00Z"))
    }

    @Test func aTimeShownTwiceInTheAutumnIsDueTheFirstTime() {
        // 25 October 2026: 03:00 CEST becomes 02:00 CET; 02:30 shows at 00:30Z and 01:30Z.
        let due = ReminderTime.instant(of: CalendarDay(iso: "2026-10-25")!, at: TimeOfDay(hour: 2, minute: 30)!, in: warsaw)
        #expect(due == instant("2026-10-25T00:30:00Z"))
    }

    @Test func theNextDueInstantIsStrictlyLater() {
        let time = TimeOfDay(hour: 7, minute: 30)!
        let next = ReminderTime.next(after: instant("2026-11-23T06:30:00Z"), at: time, in: warsaw)
        #expect(next.instant == instant("2026-11-24T06:30:00Z"))
        #expect(next.day == CalendarDay(iso: "2026-11-24"))
        #expect(ReminderTime.next(after: instant("2026-11-23T06:29:59Z"), at: time, in: warsaw).instant == instant("2026-11-23T06:30:00Z"))
    }

    @Test func aClaimFoundLateIsNotSentButMovesOn() {
        let time = TimeOfDay(hour: 7, minute: 30)!
        let due = instant("2026-11-23T06:30:00Z")
        let onTime = ReminderClaim(dueAt: due, now: due, time: time, zone: warsaw)
        #expect(onTime.isTimely && onTime.day == CalendarDay(iso: "2026-11-23") && onTime.nextDueAt == instant("2026-11-24T06:30:00Z"))
        let late = ReminderClaim(dueAt: due, now: instant("2026-11-25T12:00:00Z"), time: time, zone: warsaw)
        #expect(!late.isTimely && late.nextDueAt == instant("2026-11-26T06:30:00Z"))
    }
}
