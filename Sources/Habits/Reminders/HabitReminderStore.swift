import Devices
import Foundation

/// One browser's Web Push subscription as kept (issue 38): what `PushSubscription.toJSON()` gave,
/// already checked by the web target, belonging to the session of the browser that made it.
public struct StoredPushSubscription: Sendable, Hashable {
    public let endpoint: String
    /// The browser's ECDH public key, base64url (RFC 8291 §3.1).
    public let p256dh: String
    /// The browser's authentication secret, base64url (RFC 8291 §3.2).
    public let auth: String

    public init(endpoint: String, p256dh: String, auth: String) {
        self.endpoint = endpoint
        self.p256dh = p256dh
        self.auth = auth
    }
}

/// One owner's reminders and its browsers' push subscriptions (issue 38, "Reminders at the
/// habit's time"), on both backends. A reminder is a flag on a habit: its time is the habit's own.
public protocol HabitReminderStore: Sendable {
    /// The ids of the owner's habits whose reminder is on.
    func reminderHabitIDs() async throws -> Set<Int64>
    /// Turns the habit's reminder on or off; false when the owner has no such habit.
    func setReminder(habitID: Int64, isOn: Bool) async throws -> Bool
    /// Keeps `subscription` for `session` (one of the owner's browsers). An endpoint is one browser's:
    /// kept again, it moves to `session` with the keys given now.
    func subscribe(_ subscription: StoredPushSubscription, session: SessionID) async throws
    /// Forgets the subscription with `endpoint` of `session`; false when it had none.
    func unsubscribe(endpoint: String, session: SessionID) async throws -> Bool
    /// The subscriptions of the owner's browsers that are not removed.
    func subscriptions() async throws -> [StoredPushSubscription]
}

/// A reminder the scheduler claimed: sent by no one else, for `day` in the device's zone.
public struct DueReminder: Sendable, Hashable {
    public let habitID: Int64
    public let owner: DeviceID
    public let name: String
    /// The device's language, when it chose one (the notification's words).
    public let language: String?
    /// The day the reminder is for, in the device's zone.
    public let day: CalendarDay
    /// Where its push services take messages: every browser of the owner that subscribed.
    public let subscriptions: [StoredPushSubscription]

    public init(habitID: Int64, owner: DeviceID, name: String, language: String?, day: CalendarDay, subscriptions: [StoredPushSubscription]) {
        self.habitID = habitID
        self.owner = owner
        self.name = name
        self.language = language
        self.day = day
        self.subscriptions = subscriptions
    }
}

/// Every owner's reminders, as the scheduler sees them (issue 38).
///
/// A reminder row keeps the instant it is next due (`dueAt`), worked out in Swift by
/// `ReminderTime` from the habit's time and the device's zone; a change of either (a habit's time
/// edited, a device moving zone) clears it through triggers, and `claimDue` works it out again.
/// So finding what is due is one range scan of an index on `dueAt`, whatever the zones.
public protocol ReminderDispatchStore: Sendable {
    /// In one transaction: schedules reminders without a due instant (the next one after `now`),
    /// then claims at most `limit` reminders due at or before `now`: each claimed row's next due
    /// instant moves to the following day, and its day is recorded as sent, so no other claim (of
    /// this server or another on the same database) gets it again. A reminder whose habit is
    /// already tracked that day, or whose schedule does not ask for it that day (a weekday it
    /// leaves out, a period already met: `HabitSchedule.isDue`), is moved on without being returned.
    func claimDue(at now: Date, limit: Int) async throws -> [DueReminder]
    /// Forgets the subscription with `endpoint`, whoever's (the push service said it is gone).
    func deleteSubscription(endpoint: String) async throws
}
