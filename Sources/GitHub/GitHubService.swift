import Foundation

/// GitHub's service, the one object the three GitHub screens talk to (GH-9): it signs in and out,
/// keeps the token in a `KeyValueStorage` (GH-6), and fetches through a `GitHubAPI`. The course's
/// `AppRepository` (the name GH-9 gives it, kept as a typealias), with async calls in place of
/// completion handlers.
///
/// Every call throws `GitHubFailure` (or `CancellationError` when the calling task is cancelled,
/// or the storage's own error when the storage fails: a fault of the server, not of GitHub).
/// Calls made without a stored token throw `.signedOut`. A 401 from any call means the token was
/// revoked or expired: the repository forgets it and throws `.badCredentials`, so every screen
/// goes back to sign-in.
public final class GitHubService: Sendable {
    /// The storage key of the token.
    public static let tokenKey = "github.token"
    /// The storage key of who the token belongs to (`GitHubUser` as JSON), kept beside the token
    /// so the list says who is signed in without asking `GET /user` on every load (issue 37).
    public static let userKey = "github.user"
    /// How many repositories the list shows (GH-2).
    public static let repositoryCount = 10

    let api: any GitHubAPI
    private let storage: any KeyValueStorage

    public init(api: any GitHubAPI, storage: any KeyValueStorage) {
        self.api = api
        self.storage = storage
    }

    // MARK: - Signing in and out (GH-1, GH-6)

    /// Checks the token's format (`.malformedToken` without any request), asks GitHub who it
    /// belongs to (`GET /user`), and only then stores it. A failed sign-in leaves what was stored
    /// as it was.
    @discardableResult
    public func signIn(token text: String) async throws -> GitHubUser {
        let token: GitHubToken
        do {
            token = try GitHubToken(text)
        } catch {
            throw GitHubFailure.malformedToken(error)
        }
        let user = try await call { try await api.user(token: token) }
        try await storage.set(token.secret, forKey: Self.tokenKey)
        await remember(user)
        return user
    }

    /// Forgets the token and who it belonged to.
    public func signOut() async throws {
        try await storage.remove(forKey: Self.tokenKey)
        try await storage.remove(forKey: Self.userKey)
    }

    /// Who is signed in (issue 37): the person kept at sign-in, or, for a sign-in older than
    /// that, `GET /user` asked once and kept. nil when signed out or when neither works: the
    /// screens then show no identity, and everything else goes on as before.
    public func signedInUser() async -> GitHubUser? {
        if let kept = try? await storage.string(forKey: Self.userKey),
            let user = try? JSONDecoder().decode(GitHubUser.self, from: Data(kept.utf8))
        {
            return user
        }
        guard let user = try? await withStoredToken({ token in try await api.user(token: token) }) else { return nil }
        await remember(user)
        return user
    }

    /// Whether a token is stored (the screens start at the list, not at sign-in).
    public var isSignedIn: Bool {
        get async throws { try await storage.string(forKey: Self.tokenKey) != nil }
    }

    // MARK: - Repositories (GH-2, GH-3)

    /// The first 10 of the person's repositories, most recently updated first: the order of
    /// GitHub's own Repositories tab ("Last updated", its default), so "the first 10" are the ones
    /// the person is working on, not the oldest by name. GitHub is asked for that order; the list
    /// is sorted again here (ties keep GitHub's order) so any `GitHubAPI` gives the same result.
    public func getRepositories() async throws -> [Repository] {
        let repositories = try await withStoredToken { token in
            try await api.repositories(token: token, count: Self.repositoryCount)
        }
        return Array(
            repositories.enumerated()
                .sorted { $0.element.updatedAt != $1.element.updatedAt ? $0.element.updatedAt > $1.element.updatedAt : $0.offset < $1.offset }
                .map(\.element)
                .prefix(Self.repositoryCount))
    }

    /// One repository in full: forks, stars, watchers, licence, web page (GH-3).
    public func getRepository(id: Int) async throws -> RepositoryDetails {
        try await withStoredToken { token in try await api.repository(id: id, token: token) }
    }

    /// The README of `owner/repository` on `branch` (GH-3); nil when it has none.
    public func getRepositoryReadme(owner: String, repository: String, branch: String) async throws -> Readme? {
        try await withStoredToken { token in
            try await api.readme(owner: owner, repository: repository, branch: branch, token: token)
        }
    }

    /// The folders of `owner/repository` on `branch` (issue 22); nil when GitHub has no tree.
    public func getRepositoryTree(owner: String, repository: String, branch: String) async throws -> RepositoryTree? {
        try await withStoredToken { token in
            try await api.tree(owner: owner, repository: repository, branch: branch, token: token)
        }
    }

    // MARK: - Internals

    /// Keeps `user` beside the token. Not keeping it costs one `GET /user` later, so a failure
    /// here is not the caller's.
    private func remember(_ user: GitHubUser) async {
        guard let data = try? JSONEncoder().encode(user), let json = String(data: data, encoding: .utf8) else { return }
        try? await storage.set(json, forKey: Self.userKey)
    }

    /// Runs `body` with the stored token; forgets the token when GitHub refuses it.
    func withStoredToken<Value>(_ body: (GitHubToken) async throws -> Value) async throws -> Value {
        guard let stored = try await storage.string(forKey: Self.tokenKey) else { throw GitHubFailure.signedOut }
        guard let token = try? GitHubToken(stored) else {
            // Not a token any more (written by something else): as good as none.
            try await storage.remove(forKey: Self.tokenKey)
            throw GitHubFailure.signedOut
        }
        do {
            return try await call { try await body(token) }
        } catch GitHubFailure.badCredentials {
            await forget(token)
            throw GitHubFailure.badCredentials
        }
    }

    /// Runs `body`, mapping what it throws to `GitHubFailure`; cancellation passes through.
    private func call<Value>(_ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw GitHubFailure(catching: error)
        }
    }

    /// Removes `token` if it is still the stored one (a sign-in with a new token may have come
    /// between). A storage failure here is not reported: `.badCredentials`, thrown next, is what
    /// the screens must show, and the next call meets the same refusal.
    private func forget(_ token: GitHubToken) async {
        guard (try? await storage.string(forKey: Self.tokenKey)) == token.secret else { return }
        try? await storage.remove(forKey: Self.tokenKey)
        try? await storage.remove(forKey: Self.userKey)
    }
}

/// GH-9's name for `GitHubService`: the course's `AppRepository`, the object the three screens
/// talk to. AppDeck names it for its app; this name stays so GH-9 reads as written.
public typealias AppRepository = GitHubService
