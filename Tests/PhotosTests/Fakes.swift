import Caching
import Foundation
import Photos
import Synchronization
import Testing

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

func samplePhotos(_ count: Int) -> [Photo] {
    (1...max(count, 1)).prefix(count).map { id in
        Photo(
            albumId: (id - 1) / 50 + 1, id: id, title: "photo \(id)",
            url: "https://via.placeholder.com/600/\(String(id * 99_991 % 0xffffff, radix: 16))",
            thumbnailUrl: "https://via.placeholder.com/150/92c95\(id % 10)")
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
