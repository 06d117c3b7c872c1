import Foundation
import Habits
import Logging
import ServiceLifecycle
import Synchronization
import WebPush

/// Sends MyHabits' reminders (issue 38): a `Service` of the server's group that, every
/// `interval`, claims the reminders due by its clock (`ReminderDispatchStore.claimDue`) and hands
/// each to every push subscription of its owner's browsers. It runs beside the HTTP server and
/// shares nothing with a request but the database, so no request ever waits for it.
///
/// Answers (`PushOutcome`): delivered, done; gone (404, 410), the subscription is deleted;
/// 429, 5xx or no answer, tried again after the sender's backoff from a later tick, until the
/// message's time to live has passed; anything else is dropped and logged.
/// Retries are kept in this server's memory: a restart drops them (the next day's reminder is
/// claimed as usual).
public final class ReminderScheduler: Service, Sendable {
    /// How long a push service keeps a reminder for a browser that is offline: a reminder is
    /// worth little hours later.
    public static let timeToLive = 3 * 3600
    /// Tries of one message, the first included.
    public static let maximumAttempts = 6

    struct Retry: Sendable {
        let message: PushMessage
        let subscription: PushSubscription
        let attempt: Int
        let notBefore: Date
        let giveUpAt: Date
    }

    /// What one tick did, for the log and the tests.
    public struct Tick: Sendable, Equatable {
        public var claimed = 0
        public var delivered = 0
        public var gone = 0
        public var retrying = 0
        public var dropped = 0
    }

    private let store: any ReminderDispatchStore
    private let sender: any PushSending
    private let policy: PushEndpointPolicy
    private let now: @Sendable () -> Date
    private let interval: Duration
    private let batch: Int
    private let concurrentSends: Int
    private let logger: Logger
    /// Waits until the database's schema is up to date; false when the service should stop.
    private let ready: @Sendable () async -> Bool
    private let retries = Mutex<[Retry]>([])

    public init(
        store: any ReminderDispatchStore, sender: any PushSending, policy: PushEndpointPolicy = .knownPushServices,
        now: @escaping @Sendable () -> Date = Date.init, interval: Duration = .seconds(20), batch: Int = 500,
        concurrentSends: Int = 16, logger: Logger, ready: @escaping @Sendable () async -> Bool = { true }
    ) {
        self.store = store
        self.sender = sender
        self.policy = policy
        self.now = now
        self.interval = interval
        self.batch = max(1, batch)
        self.concurrentSends = max(1, concurrentSends)
        self.logger = logger
        self.ready = ready
    }

    public func run() async throws {
        guard await ready() else { return }
        // A tick in progress finishes its sends; the wait between ticks ends at once.
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            let tick = await tickLogged()
            if tick.claimed > 0 || tick.retrying > 0 {
                logger.info("Reminders sent", metadata: [
                    "claimed": "\(tick.claimed)", "delivered": "\(tick.delivered)", "gone": "\(tick.gone)",
                    "retrying": "\(tick.retrying)", "dropped": "\(tick.dropped)",
                ])
            }
            do { try await cancelWhenGracefulShutdown { try await Task.sleep(for: self.interval) } } catch { return }
        }
    }

    private func tickLogged() async -> Tick {
        do {
            return try await tick()
        } catch is CancellationError {
            return Tick()
        } catch {
            logger.warning("Reminders could not be claimed", metadata: ["error": "\(error)"])
            return Tick()
        }
    }

    /// One round: the retries whose time has come, then every reminder due now, a batch at a time.
    @discardableResult
    public func tick() async throws -> Tick {
        var tick = Tick()
        let date = now()
        let waiting = retries.withLock { list in
            let due = list.filter { $0.notBefore <= date }
            list.removeAll { $0.notBefore <= date }
            return due
        }
        await send(waiting, into: &tick)
        while true {
            let claimed = try await store.claimDue(at: date, limit: batch)
            tick.claimed += claimed.count
            var sends: [Retry] = []
            for reminder in claimed {
                let message = PushMessage(
                    payload: ReminderNotification(reminder).payload, timeToLive: Self.timeToLive, urgency: .high)
                for stored in reminder.subscriptions {
                    guard let subscription = try? PushSubscription(endpoint: stored.endpoint, p256dh: stored.p256dh, auth: stored.auth, policy: policy)
                    else {
                        // Kept by an older build, or under another policy: it can never be sent to.
                        try await store.deleteSubscription(endpoint: stored.endpoint)
                        tick.gone += 1
                        continue
                    }
                    sends.append(Retry(
                        message: message, subscription: subscription, attempt: 0, notBefore: date,
                        giveUpAt: date.addingTimeInterval(TimeInterval(Self.timeToLive))))
                }
            }
            await send(sends, into: &tick)
            if claimed.count < batch { break }
        }
        tick.retrying = retries.withLock { $0.count }
        return tick
    }

    /// Sends `list`, at most `concurrentSends` at once, and acts on each outcome.
    private func send(_ list: [Retry], into tick: inout Tick) async {
        var index = 0
        while index < list.count {
            let chunk = list[index..<min(index + concurrentSends, list.count)]
            index += chunk.count
            let outcomes = await withTaskGroup(of: (Retry, PushOutcome?).self) { group in
                for item in chunk {
                    group.addTask { [sender] in
                        (item, try? await sender.send(item.message, to: item.subscription, attempt: item.attempt))
                    }
                }
                var outcomes: [(Retry, PushOutcome?)] = []
                for await outcome in group { outcomes.append(outcome) }
                return outcomes
            }
            for (item, outcome) in outcomes {
                switch outcome {
                case .delivered:
                    tick.delivered += 1
                case .gone:
                    tick.gone += 1
                    try? await store.deleteSubscription(endpoint: item.subscription.endpoint.absoluteString)
                case .retryLater(let after):
                    let next = now().addingTimeInterval(Double(after.components.seconds))
                    if item.attempt + 1 < Self.maximumAttempts, next < item.giveUpAt {
                        retries.withLock {
                            $0.append(Retry(message: item.message, subscription: item.subscription, attempt: item.attempt + 1,
                                            notBefore: next, giveUpAt: item.giveUpAt))
                        }
                    } else {
                        tick.dropped += 1
                    }
                case .rejected(let status):
                    tick.dropped += 1
                    logger.warning("A push service refused a reminder", metadata: ["status": "\(status)"])
                case nil:
                    tick.dropped += 1  // the payload is never too large; cancelled at shutdown
                }
            }
        }
    }
}
