import Foundation
import Localization

/// What a reminder's push message carries to the service worker (issue 38), as JSON: the
/// notification's title (the habit's name) and words in the device's language, the habit's page
/// (a tap opens it) and the track to post for "Mark as done" (through the outbox, for the day the
/// reminder is for, so a tap the next morning still ticks the right day).
public struct ReminderNotification: Codable, Sendable, Hashable {
    public let title: String
    public let body: String
    /// One notification per habit: a later reminder replaces an earlier one still shown.
    public let tag: String
    public let url: String
    public let track: String
    public let day: String
    public let done: String

    public init(_ reminder: DueReminder) {
        let catalogue = Catalogues.habits[reminder.language.flatMap(Language.init(tag:)) ?? .fallback]
        title = reminder.name
        body = catalogue.text("habits.reminder.body")
        tag = "habit-\(reminder.habitID)"
        url = "/habits/\(reminder.habitID)"
        track = "/habits/\(reminder.habitID)/track"
        day = reminder.day.iso
        done = catalogue.text("habits.reminder.markDone")
    }

    /// The JSON the worker reads (`event.data.json()`); a habit's name is at most a few hundred
    /// bytes, far under a push message's 3,993.
    public var payload: [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return Array((try? encoder.encode(self)) ?? Data())
    }
}
