import Devices
import Foundation
import Synchronization
import TestDoubles
import Testing
@testable import WebShell

/// The session cache with readers' sessions, which are not stored (issue 46, item 5): a reader's
/// pages ask the database no more often than a stored browser's, and its first write stores it.
@Suite("SessionDirectory: readers and writers")
struct SessionDirectoryTests {
    /// `InMemorySessions`, counting the reads of one session.
    final class CountingStore: SessionStore {
        let inner = InMemorySessions()
        let reads = Mutex(0)

        func session(_ id: SessionID) async throws -> BrowserSession? {
            reads.withLock { $0 += 1 }
            return try await inner.session(id)
        }
        func open(_ session: BrowserSession) async throws -> BrowserSession { try await inner.open(session) }
        func sessions(of owner: DeviceID) async throws -> [BrowserSession] { try await inner.sessions(of: owner) }
        func markSeen(_ id: SessionID, at date: Date) async throws { try await inner.markSeen(id, at: date) }
        func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool {
            try await inner.remove(id, of: owner, by: remover, at: date)
        }
        func removals(of owner: DeviceID, since: Date) async throws -> [BrowserRemoval] { try await inner.removals(of: owner, since: since) }
        func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool {
            try await inner.rename(id, of: owner, to: name)
        }
        func storeLink(_ grant: LinkGrant) async throws -> Bool { try await inner.storeLink(grant) }
        func linkOwner(_ claim: LinkClaim, at date: Date) async throws -> LinkAnswer<DeviceID> { try await inner.linkOwner(claim, at: date) }
        func redeemLink(
            _ claim: LinkClaim, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
        ) async throws -> LinkAnswer<BrowserSession> {
            try await inner.redeemLink(claim, as: id, named: name, replacing: replacing, at: date)
        }
    }

    @Test("a reader's session is read once a cache window, stored by nothing but its first write")
    func readerIsCachedUnstored() async throws {
        let store = CountingStore()
        let now = Mutex(ContinuousClock.now)
        let directory = SessionDirectory(store: store, maximumAge: .seconds(1), clock: { now.withLock { $0 } })
        let id = SessionID.random(), owner = DeviceID.random(), date = Date()
        for _ in 0..<5 {
            _ = try await directory.resolve(id, owner: owner, userAgent: nil, writes: false, at: date)
        }
        #expect(store.reads.withLock { $0 } == 1, "a reader's every page read the database")
        #expect(try await store.inner.session(id) == nil, "reading stored the session")
        let written = try await directory.resolve(id, owner: owner, userAgent: nil, writes: true, at: date)
        #expect(try await store.inner.session(id) == written, "the first write stores it, cache or not")
        now.withLock { $0 += .seconds(2) }
        _ = try await directory.resolve(id, owner: owner, userAgent: nil, writes: false, at: date)
        #expect(store.reads.withLock { $0 } == 3, "read again once the window passed")
    }
}
