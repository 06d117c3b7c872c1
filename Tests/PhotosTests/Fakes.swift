import Foundation
import Photos
import Synchronization
import Testing
import Upstream

/// A clock moved by hand: `sleep` waits until `advance` passes its deadline.
final class ManualClock: PhotosClock {
    private struct Sleeper {
        let deadline: Duration
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now: Duration = .zero
        var sleepers: [UInt64: Sleeper] = [:]
        var next: UInt64 = 0
    }

    private let state = Mutex(State())

    var now: Duration { state.withLock { $0.now } }

    /// How many tasks sleep on this clock now.
    var sleeperCount: Int { state.withLock { $0.sleepers.count } }

    func sleep(for duration: Duration) async throws {
        let id = state.withLock { state in
            defer { state.next += 1 }
            return state.next
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resumeNow: Bool = state.withLock { state in
                    if Task.isCancelled || duration <= .zero { return true }
                    state.sleepers[id] = Sleeper(deadline: state.now + duration, continuation: continuation)
                    return false
                }
                if resumeNow {
                    if Task.isCancelled { continuation.resume(throwing: CancellationError()) } else { continuation.resume() }
                }
            }
        } onCancel: {
            state.withLock { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    /// Moves time on and wakes every sleeper whose deadline has come.
    func advance(by duration: Duration) {
        let due: [Sleeper] = state.withLock { state in
            state.now += duration
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for key in due.keys { state.sleepers.removeValue(forKey: key) }
            return Array(due.values)
        }
        for sleeper in due { sleeper.continuation.resume() }
    }

    /// Returns once at least `count` tasks sleep on the clock.
    func waitForSleepers(_ count: Int) async {
        await eventually { self.sleeperCount >= count }
    }
}

/// Waits until `condition` holds, checking every millisecond for at most about 20 s (a bound so a
/// broken test fails instead of hanging; no test asserts how long it took). It sleeps rather than
/// yields, so on a busy two-core machine the tasks it waits for surely get to run.
func eventually(_ condition: @Sendable () async -> Bool) async {
    for _ in 0..<20_000 {
        if await condition() { return }
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("condition never held")
}

/// A thread-safe counter.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// A door tasks wait at until the test opens it.
final class Gate: Sendable {
    private let state = Mutex<(open: Bool, waiters: [CheckedContinuation<Void, Never>])>((false, []))

    func wait() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let openNow = state.withLock { state in
                if state.open { return true }
                state.waiters.append(continuation)
                return false
            }
            if openNow { continuation.resume() }
        }
    }

    func open() {
        let waiters = state.withLock { state in
            state.open = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in waiters { waiter.resume() }
    }
}

func samplePhotos(_ count: Int) -> [Photo] {
    (1...max(count, 1)).prefix(count).map { id in
        Photo(
            albumId: (id - 1) / 50 + 1, id: id, title: "photo \(id)",
            url: "https://via.placeholder.com/600/\(String(id * 99_991 % 0xffffff, radix: 16))",
            thumbnailUrl: "https://via.placeholder.com/150/92c95\(id % 10)")
    }
}

/// A `PhotoSource` whose answers the test scripts.
final class FakeSource: PhotoSource {
    private let answers: Mutex<[Result<[Photo], UpstreamFailure>]>
    let calls = Counter()
    let gate: Gate?

    init(_ answers: [Result<[Photo], UpstreamFailure>], gate: Gate? = nil) {
        self.answers = Mutex(answers)
        self.gate = gate
    }

    func allPhotos() async throws -> [Photo] {
        calls.increment()
        if let gate { await gate.wait() }
        let answer = answers.withLock { $0.count > 1 ? $0.removeFirst() : $0.first ?? .success([]) }
        return try answer.get()
    }

    func photo(id: Int) async throws -> Photo? {
        try await allPhotos().first { $0.id == id }
    }
}

final class FakeArchive: PhotoListArchive {
    private let stored: Mutex<[Photo]?>
    let saves = Counter()

    init(_ photos: [Photo]? = nil) {
        stored = Mutex(photos)
    }

    var photos: [Photo]? { stored.withLock { $0 } }

    func load() async -> [Photo]? { photos }

    func save(_ photos: [Photo]) async {
        saves.increment()
        stored.withLock { $0 = photos }
    }
}

final class FakeFeedStore: PhotoFeedStore {
    private let stored = Mutex(PhotoFeed())

    func feed() async throws -> PhotoFeed { stored.withLock { $0 } }
    func save(_ feed: PhotoFeed) async throws { stored.withLock { $0 = feed } }

    func update<Result: Sendable>(_ change: @Sendable (inout PhotoFeed) -> Result) async throws -> Result {
        stored.withLock { change(&$0) }
    }
}

/// An `ImageFetching` that counts fetches and answers as told, optionally after a gate opens.
final class FakeFetcher: ImageFetching {
    enum Behaviour: Sendable {
        case image(FetchedImage)
        case failure(UpstreamFailure)
        /// Never answers; ends only by cancellation.
        case hang
    }

    private let behaviour: Mutex<Behaviour>
    let fetches = Counter()
    let gate: Gate?
    private let requested = Mutex<[URL]>([])

    init(_ behaviour: Behaviour, gate: Gate? = nil) {
        self.behaviour = Mutex(behaviour)
        self.gate = gate
    }

    func set(_ behaviour: Behaviour) { self.behaviour.withLock { $0 = behaviour } }
    var urls: [URL] { requested.withLock { $0 } }

    func fetchImage(at url: URL, maximumBytes: Int) async throws -> FetchedImage {
        fetches.increment()
        requested.withLock { $0.append(url) }
        if let gate { await gate.wait() }
        switch behaviour.withLock({ $0 }) {
        case .image(let image): return image
        case .failure(let failure): throw failure
        case .hang:
            try await Task.sleep(for: .seconds(86_400))
            throw UpstreamFailure.timedOut
        }
    }
}

/// An in-memory `ImageDiskCache` that counts reads and writes.
final class FakeDiskCache: ImageDiskCache {
    private let images: Mutex<[String: FetchedImage]>
    let reads = Counter()
    let writes = Counter()

    init(_ images: [String: FetchedImage] = [:]) {
        self.images = Mutex(images)
    }

    var stored: [String: FetchedImage] { images.withLock { $0 } }

    func image(forKey key: String) async -> FetchedImage? {
        reads.increment()
        return images.withLock { $0[key] }
    }

    func store(_ image: FetchedImage, forKey key: String) async {
        writes.increment()
        images.withLock { $0[key] = image }
    }
}

let pngBytes: [UInt8] = pngHeader(width: 150, height: 150) + [1, 2, 3, 4]

/// A PNG signature and IHDR chunk declaring `width`×`height` (what `ImageHeader` reads), then
/// `padding` bytes.
func pngHeader(width: UInt32, height: UInt32, padding: Int = 0) -> [UInt8] {
    func bigEndian(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) } }
    return [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13] + Array("IHDR".utf8) + bigEndian(width) + bigEndian(height)
        + [8, 6, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 9, count: padding)
}
let png = FetchedImage(bytes: pngBytes, contentType: "image/png")
