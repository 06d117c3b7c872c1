import Devices
import Foundation
import Habits
import Hummingbird
import Localization
import WebShell

/// What MyHabits' reminders need from the composition root (issue 38): each owner's reminder
/// store, and the VAPID public key browsers subscribe with. Nil when the server has no VAPID key
/// (a shared database whose key folder has none yet): the details page then offers no reminder.
public struct HabitRemindersConfiguration: Sendable {
    let store: @Sendable (DeviceID) -> any HabitReminderStore
    /// Base64url of the uncompressed P-256 point: the page's `applicationServerKey`.
    let publicKey: String
    /// Whether a browser's endpoint may be sent to (checked before it is kept).
    let acceptsEndpoint: @Sendable (String, String, String) -> Bool

    public init(
        store: @escaping @Sendable (DeviceID) -> any HabitReminderStore, publicKey: String,
        acceptsEndpoint: @escaping @Sendable (_ endpoint: String, _ p256dh: String, _ auth: String) -> Bool
    ) {
        self.store = store
        self.publicKey = publicKey
        self.acceptsEndpoint = acceptsEndpoint
    }
}

/// `/habits/{id}/reminder` and `/habits/push/…`: turning a habit's reminder on or off (a plain form
/// that works without a script), and the page's push subscription, kept per browser session.
struct HabitRemindersController {
    let configuration: HabitRemindersConfiguration

    static let reminder = Route("/habits", "{id}/reminder")
    static let subscribe = Route("/habits", "push/subscribe")
    static let unsubscribe = Route("/habits", "push/unsubscribe")

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(Self.subscribe, use: subscribe)
        group.post(Self.unsubscribe, use: unsubscribe)
        group.post(Self.reminder, use: setReminder)
    }

    struct ReminderForm: Decodable {
        let on: String?
    }

    /// The subscription as `PushSubscription.toJSON()` gives it, in a form field (`subscription`).
    struct SubscriptionForm: Decodable {
        let subscription: String?
        let endpoint: String?
    }

    struct ReminderState: Encodable, Sendable {
        let on: Bool
    }

    struct Subscribed: Encodable, Sendable {
        let subscribed: Bool
    }

    @Sendable func setReminder(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.pathNumber("id", in: 1...Int64.max)
        let form = try context.decodeForm(ReminderForm.self)
        guard let on = form.on.flatMap(Self.flag) else { throw HTTPError(.badRequest) }
        guard try await configuration.store(context.device).setReminder(habitID: id, isOn: on) else { throw HTTPError(.notFound) }
        return try await ActionReply(to: request, seeOther: HabitsPath.details(id)) { ReminderState(on: on) }
            .response(from: request, context: context)
    }

    @Sendable func subscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(SubscriptionForm.self)
        guard let text = form.subscription, let parsed = Self.subscription(text),
            configuration.acceptsEndpoint(parsed.endpoint, parsed.p256dh, parsed.auth)
        else { throw HTTPError(.unprocessableContent) }
        try await configuration.store(context.device).subscribe(parsed, session: context.session)
        return try JSONReply(Subscribed(subscribed: true)).response(from: request, context: context)
    }

    @Sendable func unsubscribe(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(SubscriptionForm.self)
        guard let endpoint = form.endpoint, !endpoint.isEmpty else { throw HTTPError(.badRequest) }
        _ = try await configuration.store(context.device).unsubscribe(endpoint: endpoint, session: context.session)
        return try JSONReply(Subscribed(subscribed: false)).response(from: request, context: context)
    }

    static func flag(_ value: String) -> Bool? {
        switch value {
        case "yes": true
        case "no": false
        default: nil
        }
    }

    /// `{"endpoint": …, "keys": {"p256dh": …, "auth": …}}`; nil for anything else.
    static func subscription(_ json: String) -> StoredPushSubscription? {
        struct Shape: Decodable {
            struct Keys: Decodable {
                let p256dh: String
                let auth: String
            }
            let endpoint: String
            let keys: Keys
        }
        guard json.utf8.count <= 4096, let shape = try? JSONDecoder().decode(Shape.self, from: Data(json.utf8)) else { return nil }
        return StoredPushSubscription(endpoint: shape.endpoint, p256dh: shape.keys.p256dh, auth: shape.keys.auth)
    }
}

/// The details page's "Reminder" section: whether the habit's reminder is on, and the form that
/// turns it on or off. The script (`reminders.js`) asks for notification permission only once the
/// person turned a reminder on, then subscribes this browser.
struct HabitReminderSection {
    let habitID: Int64
    let time: TimeOfDay
    let isOn: Bool
    let publicKey: String

    func html(_ page: PageContext) -> HTML {
        let clock = page.catalogue.language == .en ? time.twelveHour : time.value
        let onText = page.catalogue.text("habits.reminder.on", ["time": clock])
        return .section(
            .class("list-section habit-reminder"), .attr("aria-labelledby", "reminder-title"),
            .attr("data-vapid-key", publicKey), .attr("data-reminder-on", isOn ? "yes" : "no"),
            .attr("data-subscribe", HabitRemindersController.subscribe.path),
            .attr("data-unsubscribe", HabitRemindersController.unsubscribe.path),
            // What the section shows in either state, for the script that turns it in place.
            .attr("data-text-on", onText), .attr("data-text-off", page.t("habits.reminder.off")),
            .attr("data-label-on", page.t("habits.reminder.turnOff")), .attr("data-label-off", page.t("habits.reminder.turnOn")),
            // Issue 48: a reminder is on for the habit, but each browser notifies only once it may.
            .attr("data-text-not-here", page.t("habits.reminder.notHere")), .attr("data-label-here", page.t("habits.reminder.notifyHere"))
        ) {
            HTML.h2(.class("list-section__header"), .id("reminder-title")) { page.t("habits.reminder.title") }
            HTML.form(.class("habit-reminder__form"), .attr("method", "post"), .attr("action", HabitRemindersController.reminder.link(habitID))) {
                CSRFInput.html(page)
                HTML.input(.type("hidden"), .name("on"), .value(isOn ? "no" : "yes"))
                HTML.ul(.class("cells")) {
                    HTML.li(.class("cell")) {
                        HTML.span(.class("habit-reminder__status")) {
                            isOn ? onText : page.t("habits.reminder.off")
                        }
                    }
                    HTML.li(.class("cell cell--button")) {
                        HTML.button(.class("cell__button"), .type("submit")) {
                            page.t(isOn ? "habits.reminder.turnOff" : "habits.reminder.turnOn")
                        }
                    }
                }
            }
            HTML.p(.class("list-section__footer habit-reminder__note"), .attr("role", "status"), .attr("aria-live", "polite")) { "" }
            HTML.element("template", [.id("reminder-messages")], children: [
                .span(.attr("data-message", "blocked")) { page.t("habits.reminder.blocked") },
                .span(.attr("data-message", "unsupported")) { page.t("habits.reminder.unsupported") },
                .span(.attr("data-message", "subscribed")) { page.t("habits.reminder.subscribed") },
            ])
        }
    }
}
