import Devices
import Foundation
import Synchronization

/// Sessions and link grants in memory, for router tests that run the shell over doubles.
public final class InMemorySessions: SessionStore {
    struct State {
        var sessions: [SessionID: BrowserSession] = [:]
        var grants: [LinkGrant] = []
    }

    let state = Mutex(State())

    public init() {}

    public func session(_ id: SessionID) async throws -> BrowserSession? { state.withLock { $0.sessions[id] } }

    public func open(_ session: BrowserSession) async throws -> BrowserSession {
        state.withLock { state in
            if let stored = state.sessions[session.id] { return stored }
            state.sessions[session.id] = session
            return session
        }
    }

    public func sessions(of owner: DeviceID) async throws -> [BrowserSession] {
        state.withLock { $0.sessions.values.filter { $0.owner == owner && !$0.isRemoved }.sorted { $0.createdAt < $1.createdAt } }
    }

    public func markSeen(_ id: SessionID, at date: Date) async throws {
        state.withLock { state in
            guard let seen = state.sessions[id]?.lastSeenAt, seen <= date.addingTimeInterval(-BrowserSession.lastSeenInterval) else { return }
            state.sessions[id]?.lastSeenAt = date
        }
    }

    public func remove(_ id: SessionID, of owner: DeviceID, at date: Date) async throws -> Bool {
        state.withLock { state in
            guard let session = state.sessions[id], session.owner == owner, !session.isRemoved else { return false }
            state.sessions[id]?.removedAt = date
            return true
        }
    }

    public func storeLink(_ grant: LinkGrant) async throws { state.withLock { $0.grants.append(grant) } }

    public func linkOwner(digest: String, at date: Date) async throws -> DeviceID? {
        state.withLock { $0.grants.first { ($0.codeDigest == digest || $0.tokenDigest == digest) && $0.expiresAt > date }?.owner }
    }

    public func redeemLink(
        digest: String, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> BrowserSession? {
        state.withLock { state in
            guard let index = state.grants.firstIndex(where: { ($0.codeDigest == digest || $0.tokenDigest == digest) && $0.expiresAt > date })
            else { return nil }
            let grant = state.grants.remove(at: index)
            if let replacing, state.sessions[replacing]?.removedAt == nil {
                state.sessions[replacing]?.removedAt = date
                state.sessions[replacing]?.replacedBy = id
            }
            let session = BrowserSession(id: id, owner: grant.owner, name: name, createdAt: date)
            state.sessions[id] = session
            return session
        }
    }
}
