import Devices
import Foundation
import HabitReminders
import Habits
import HabitsWeb
import PostgresStorage
import Storage
import WebPush
import WebShell

enum HabitsEntry: DeckEntry {
    static let id = "habits"
    static var sqlite: (any SQLiteAppStorage.Type)? { HabitsSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { HabitsPostgresStorage.self }

    static func app(_ parts: DeckParts) -> any DeckApp {
        let reminders = parts.environment.keys.vapid.map { keys in
            HabitRemindersConfiguration(
                store: reminderStore(on: parts.backend), publicKey: keys.publicKeyBase64URL,
                acceptsEndpoint: { endpoint, p256dh, auth in
                    (try? PushSubscription(endpoint: endpoint, p256dh: p256dh, auth: auth, policy: pushEndpointPolicy)) != nil
                })
        }
        switch parts.backend {
        case .sqlite(let database): return HabitsApp(store: { database.habitStore(owner: $0) }, reminders: reminders)
        case .postgres(let database): return HabitsApp(store: { database.habitStore(owner: $0) }, reminders: reminders)
        }
    }

    /// The reminder scheduler and its push sender, on a server with a VAPID key (issue 38). The
    /// group stops the scheduler before the sender it uses.
    static func live(_ context: LiveContext) throws -> LiveClients? {
        guard let keys = context.keys.vapid else {
            context.logger.notice("No VAPID key (vapid.key) in the key folder: MyHabits sends no reminders. Make it with `appdeck keys init`.")
            return nil
        }
        let subject = try VAPIDSubject(context.settings.pushSubject)
        let sender = PushSender(configuration: PushSenderConfiguration(keys: keys, subject: subject))
        let scheduler = ReminderScheduler(
            store: reminderDispatch(on: context.stores), sender: sender, policy: pushEndpointPolicy,
            logger: context.logger, ready: { [ready = context.ready] in await ready.wait() })
        return LiveClients(client: sender.configuration.keys.publicKeyBase64URL, services: [
            ClientService(stop: { try? await sender.shutdown() }),
            scheduler,
        ])
    }

    /// The browsers' push services only: an endpoint names where the server POSTs.
    static let pushEndpointPolicy = PushEndpointPolicy.knownPushServices

    static func reminderStore(on backend: StoreBackend) -> @Sendable (DeviceID) -> any HabitReminderStore {
        switch backend {
        case .sqlite(let database): { database.habitReminderStore(owner: $0) }
        case .postgres(let database): { database.habitReminderStore(owner: $0) }
        }
    }

    static func reminderDispatch(on backend: StoreBackend) -> any ReminderDispatchStore {
        switch backend {
        case .sqlite(let database): database.reminderDispatch
        case .postgres(let database): database.reminderDispatch
        }
    }
}
