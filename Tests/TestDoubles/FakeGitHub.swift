import Foundation
import GitHub
import Synchronization
import Upstream

/// GitHub's REST API as tests need it (issue 35: the one GitHub double): canned accounts, lists,
/// details, READMEs and trees; every call recorded with the token it came with; failures thrown the
/// way the live client throws them (`UpstreamFailure`).
///
/// As GitHub does, every call with a token no account has answers `.badCredentials`.
/// `FakeGitHub.octo()` is the account the router tests share.
public final class FakeGitHub: GitHubAPI {
    public struct State: Sendable {
        /// Accounts by token.
        public var users: [String: GitHubUser] = [:]
        /// What `GET /user/repos` answers, as it is (whatever the count asked).
        public var repositories: [Repository] = []
        public var details: [Int: RepositoryDetails] = [:]
        /// READMEs by full name (`owner/name`).
        public var readmes: [String: Readme] = [:]
        /// Folder trees by full name (`owner/name`).
        public var trees: [String: RepositoryTree] = [:]
        /// Thrown by `tree` alone while set.
        public var treeFailure: UpstreamFailure?
        /// Thrown by every call while set.
        public var failure: UpstreamFailure?
        public var cancels = false
        /// Runs inside each call, before it answers (to change the world mid-request).
        public var during: (@Sendable () async -> Void)?
        /// Each call as `name(arguments)`, in order.
        public var calls: [String] = []
        public var tokens: [String] = []

        public init() {}
    }

    private let state = Mutex(State())

    public init(_ configure: (inout State) -> Void = { _ in }) {
        state.withLock { configure(&$0) }
    }

    public func update(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
    }

    public var calls: [String] { state.withLock { $0.calls } }
    public var tokens: [String] { state.withLock { $0.tokens } }

    private func begin(_ call: String, _ token: GitHubToken) async throws -> State {
        let snapshot = state.withLock { state in
            state.calls.append(call)
            state.tokens.append(token.secret)
            return state
        }
        await snapshot.during?()
        if snapshot.cancels { throw CancellationError() }
        if let failure = snapshot.failure { throw failure }
        guard snapshot.users[token.secret] != nil else { throw UpstreamFailure.badCredentials }
        return snapshot
    }

    public func user(token: GitHubToken) async throws -> GitHubUser {
        try await begin("user", token).users[token.secret]!
    }

    public func repositories(token: GitHubToken, count: Int) async throws -> [Repository] {
        try await begin("repositories(\(count))", token).repositories
    }

    public func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails {
        guard let details = try await begin("repository(\(id))", token).details[id] else { throw UpstreamFailure.notFound }
        return details
    }

    public func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme? {
        try await begin("readme(\(owner)/\(repository)@\(branch))", token).readmes["\(owner)/\(repository)"]
    }

    public func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        let state = try await begin("tree(\(owner)/\(repository)@\(branch))", token)
        if let failure = state.treeFailure { throw failure }
        return state.trees["\(owner)/\(repository)"]
    }
}
