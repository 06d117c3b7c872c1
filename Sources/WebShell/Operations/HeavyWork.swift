import Dispatch
import Foundation
import Hummingbird
import Synchronization

/// CPU-heavy request work (parsing a large upload, reading a backup or an import, sealing a file
/// for its confirmation) run off Swift's cooperative pool, a bounded number at once (issue 46,
/// item 4).
///
/// Handlers run on the cooperative pool, one thread per core: two or three 19 MB uploads parsed
/// there held every thread, and a `/healthz` on a fresh connection waited 10-12 s. Here the work
/// runs on threads of its own (Dispatch's, outside the pool), at most `slots` at once; one more
/// is refused at once with 503 and `Retry-After` (the error page says so in the page's language),
/// so neither the pool nor memory is taken by a queue of uploads. Small payloads (`threshold`)
/// run where they are: they cost less than the hop.
public final class HeavyWork: Sendable {
    /// Payloads below this many bytes are light.
    public static let threshold = 256 * 1024
    /// What a refused request is told to wait, in seconds.
    public static let retryAfterSeconds = 5

    private let slots: Int
    private let running = Mutex(0)
    private let queue = DispatchQueue(label: "appdeck.heavy-work", qos: .utility, attributes: .concurrent)

    /// - Parameter slots: how many heavy jobs run at once; one fewer than the cores (at least one),
    ///   so a core is always left for everyone else.
    public init(slots: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) {
        precondition(slots > 0)
        self.slots = slots
    }

    /// How many heavy jobs run now (for tests).
    public var runningCount: Int { running.withLock { $0 } }

    /// `work`'s value: run here when `bytes` is under `threshold`, else on a heavy-work thread once
    /// a slot is free. Throws 503 (`HTTPError`, with `Retry-After`) when every slot is taken, and
    /// whatever `work` throws.
    public func run<Value: Sendable>(bytes: Int, _ work: @escaping @Sendable () throws -> Value) async throws -> Value {
        guard bytes >= Self.threshold else { return try work() }
        let taken = running.withLock { running -> Bool in
            guard running < slots else { return false }
            running += 1
            return true
        }
        guard taken else {
            throw HTTPError(.serviceUnavailable, headers: [.retryAfter: String(Self.retryAfterSeconds)])
        }
        defer { running.withLock { $0 -= 1 } }
        return try await withCheckedThrowingContinuation { continuation in
            queue.async { continuation.resume(with: Result { try work() }) }
        }
    }
}
