import Devices
import Foundation
import Synchronization

/// Sessions and link grants in memory, for router tests that run the shell over doubles.
public final class InMemorySessions: SessionStore {
    struct State {
        var sessions: [SessionID: BrowserSession] = [:]
        var grants: [StoredGrant] = []
    }

    struct StoredGrant {
        let grant: LinkGrant
        var wrongCodeTries = 0
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

    public func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool {
        state.withLock { state in
            guard let session = state.sessions[id], session.owner == owner, !session.isRemoved else { return false }
            state.sessions[id]?.removedAt = date
            state.sessions[id]?.removedBy = remover
            return true
        }
    }

    public func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool {
        state.withLock { state in
            guard let session = state.sessions[id], session.owner == owner, !session.isRemoved else { return false }
            state.sessions[id]?.givenName = name
            return true
        }
    }

    public func removals(of owner: DeviceID, since: Date) async throws -> [BrowserRemoval] {
        state.withLock { state in
            state.sessions.values
                .filter { $0.owner == owner && $0.replacedBy == nil && ($0.removedAt.map { $0 >= since } ?? false) }
                .sorted { ($0.removedAt!, $1.id.rawValue) > ($1.removedAt!, $0.id.rawValue) }
                .map { BrowserRemoval(removed: $0, removerName: $0.removedBy.flatMap { state.sessions[$0]?.name }) }
        }
    }

    public func storeLink(_ grant: LinkGrant) async throws -> Bool {
        state.withLock { state in
            state.grants.removeAll { $0.grant.expiresAt <= Date() }
            guard !state.grants.contains(where: { $0.grant.codeLookup == grant.codeLookup }) else { return false }
            state.grants.append(StoredGrant(grant: grant))
            return true
        }
    }

    public func linkOwner(_ claim: LinkClaim, at date: Date) async throws -> LinkAnswer<DeviceID> {
        state.withLock { state in Self.grant(claim, at: date, in: &state).map { state.grants[$0].grant.owner } }
    }

    public func redeemLink(
        _ claim: LinkClaim, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> LinkAnswer<BrowserSession> {
        state.withLock { state in
            Self.grant(claim, at: date, in: &state).map { index in
                let grant = state.grants.remove(at: index).grant
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

    /// The index of the good grant `claim` names, counting a wrong code as the stores do.
    private static func grant(_ claim: LinkClaim, at date: Date, in state: inout State) -> LinkAnswer<Int> {
        switch claim {
        case .token(let digest):
            return state.grants.firstIndex { $0.grant.tokenDigest == digest && $0.grant.expiresAt > date }.map { .found($0) } ?? .notFound
        case .code(let lookup, let digest):
            guard let index = state.grants.firstIndex(where: { $0.grant.codeLookup == lookup && $0.grant.expiresAt > date }) else { return .notFound }
            let attempt = LinkCodeTry(
                typedDigest: digest, storedDigest: state.grants[index].grant.codeDigest, wrongTries: state.grants[index].wrongCodeTries)
            if attempt.countsAWrongTry { state.grants[index].wrongCodeTries += 1 }
            return attempt.answer(index)
        }
    }
}
