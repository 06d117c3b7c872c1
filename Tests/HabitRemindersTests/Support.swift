import CompositionRoot
import Devices
import Foundation
import HabitReminders
import Habits
import Logging
import PostgresStorage
import PostgresTestSupport
import PushServiceStandIn
import Storage
import Synchronization
import WebPush

/// A clock the test moves by hand: the scheduler's, the sender's and the push service's.
final class TestClock: Sendable {
    private let date: Mutex<Date>

    init(_ iso: String) {
        date = Mutex(ISO8601DateFormatter().date(from: iso)!)
    }

    var now: Date { date.withLock { $0 } }

    func set(_ iso: String) {
        let new = ISO8601DateFormatter().date(from: iso)!
        date.withLock { $0 = new }
    }

    func advance(_ seconds: TimeInterval) {
        date.withLock { $0 = $0.addingTimeInterval(seconds) }
    }

    var function: @Sendable () -> Date { { [self] in now } }
}

/// One owner's habit with a reminder at `time` in `zone`, and one browser subscribed to `service`.
struct ReminderWorld: Sendable {
    let stores: StoreBackend
    let habitID: Int64
    let subscription: PushSubscription
    let subscriber: PushSubscriber

    static let owner = DeviceID("0123456789abcdef0123456789abcdef")!

    static func make(
        on stores: StoreBackend, service: PushServiceStandIn, keys: VAPIDKeys, name: String = "Drink water",
        time: TimeOfDay = TimeOfDay(hour: 7, minute: 30)!, zone: String = "Europe/Warsaw", created: Date
    ) async throws -> ReminderWorld {
        try await stores.devices.setTimeZone(zone, for: owner)
        let habits: any HabitStore = switch stores {
        case .sqlite(let database): database.habitStore(owner: owner)
        case .postgres(let database): database.habitStore(owner: owner)
        }
        let habit = try await habits.create(HabitFields(name: name, time: time, color: .defaultColor), at: created)
        let session = try await stores.sessions.open(BrowserSession(id: .random(), owner: owner, name: "Chrome on Android", createdAt: created))
        let (subscription, subscriber) = service.subscribe(applicationServerKey: keys.publicKey)
        let reminders = stores.reminderStore(owner)
        try await reminders.subscribe(
            StoredPushSubscription(endpoint: subscription.endpoint.absoluteString, p256dh: subscription.p256dh, auth: subscription.auth),
            session: session.id)
        _ = try await reminders.setReminder(habitID: habit.id, isOn: true)
        return ReminderWorld(stores: stores, habitID: habit.id, subscription: subscription, subscriber: subscriber)
    }

    func track(_ iso: String) async throws {
        let habits: any HabitStore = switch stores {
        case .sqlite(let database): database.habitStore(owner: Self.owner)
        case .postgres(let database): database.habitStore(owner: Self.owner)
        }
        _ = try await habits.track(id: habitID, on: CalendarDay(iso: iso)!, at: Date())
    }
}

extension StoreBackend {
    func reminderStore(_ owner: DeviceID) -> any HabitReminderStore {
        switch self {
        case .sqlite(let database): database.habitReminderStore(owner: owner)
        case .postgres(let database): database.habitReminderStore(owner: owner)
        }
    }

    var dispatch: any ReminderDispatchStore {
        switch self {
        case .sqlite(let database): database.reminderDispatch
        case .postgres(let database): database.reminderDispatch
        }
    }
}

let testSubject = try! VAPIDSubject("mailto:reminders@appdeck.example")

/// A push stand-in and a sender on `clock`, both shut down after `body`.
func withPushService<T: Sendable>(
    clock: TestClock, keys: VAPIDKeys, _ body: (PushServiceStandIn, PushSender) async throws -> T
) async throws -> T {
    let service = try await PushServiceStandIn.start(now: clock.function)
    let sender = PushSender(configuration: PushSenderConfiguration(
        keys: keys, subject: testSubject, connectTimeout: .seconds(5), requestTimeout: .seconds(30),
        backoff: RetryBackoff(initial: .seconds(30), maximum: .seconds(600)), now: clock.function))
    let result: Result<T, any Error>
    do { result = .success(try await body(service, sender)) } catch { result = .failure(error) }
    try await sender.shutdown()
    await service.stop()
    return try result.get()
}

/// A new SQLite database in a temporary directory for `body`.
func withSQLite<T: Sendable>(_ body: (StoreBackend) async throws -> T) async throws -> T {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reminders-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let database = try AppDatabase.open(at: directory.appendingPathComponent("test.sqlite"), apps: StoreBackend.sqliteApps)
    let result: Result<T, any Error>
    do { result = .success(try await body(.sqlite(database))) } catch { result = .failure(error) }
    try database.close()
    return try result.get()
}

/// What most scheduler tests start from: one habit with a reminder (`ReminderWorld`) on a SQLite
/// file, the loopback push service and a scheduler, all on one clock started at `start`.
func withOneReminder(
    from start: String,
    _ body: (TestClock, StoreBackend, PushServiceStandIn, ReminderWorld, ReminderScheduler) async throws -> Void
) async throws {
    let clock = TestClock(start)
    let keys = VAPIDKeys.generate()
    try await withSQLite { stores in
        try await withPushService(clock: clock, keys: keys) { service, sender in
            let world = try await ReminderWorld.make(on: stores, service: service, keys: keys, created: clock.now)
            try await body(clock, stores, service, world, makeScheduler(stores, sender, clock))
        }
    }
}

func makeScheduler(_ stores: StoreBackend, _ sender: PushSender, _ clock: TestClock) -> ReminderScheduler {
    ReminderScheduler(store: stores.dispatch, sender: sender, policy: .loopbackOnly, now: clock.function, logger: Logger(label: "reminders-test"))
}

/// What the worker reads from a delivered message.
func notification(_ delivery: PushServiceStandIn.Delivery) throws -> ReminderNotification {
    try JSONDecoder().decode(ReminderNotification.self, from: Data(delivery.plaintext))
}
