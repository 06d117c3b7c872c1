import Foundation
import GitHub
import Synchronization
import Upstream

/// A `GitHubAPI` with canned answers that records every call and the token it came with.
final class FakeGitHubAPI: GitHubAPI {
    struct State {
        var users: [String: GitHubUser] = [:]
        var repositories: [Repository] = []
        var details: [Int: RepositoryDetails] = [:]
        var readmes: [String: Readme] = [:]
        var trees: [String: RepositoryTree] = [:]
        /// Thrown by `tree` alone while set.
        var treeFailure: UpstreamFailure?
        /// Thrown by every call while set.
        var failure: UpstreamFailure?
        var cancels = false
        /// Runs inside each call, before it answers (to change the world mid-request).
        var during: (@Sendable () async -> Void)?
        var calls: [String] = []
        var tokens: [String] = []
    }

    private let state = Mutex(State())

    init(_ configure: (inout State) -> Void = { _ in }) {
        state.withLock { configure(&$0) }
    }

    func update(_ change: (inout State) -> Void) {
        state.withLock { change(&$0) }
    }

    var calls: [String] { state.withLock { $0.calls } }
    var tokens: [String] { state.withLock { $0.tokens } }

    private func begin(_ call: String, _ token: GitHubToken) async throws -> State {
        let snapshot = state.withLock { state in
            state.calls.append(call)
            state.tokens.append(token.secret)
            return state
        }
        await snapshot.during?()
        if snapshot.cancels { throw CancellationError() }
        if let failure = snapshot.failure { throw failure }
        return snapshot
    }

    func user(token: GitHubToken) async throws -> GitHubUser {
        let state = try await begin("user", token)
        guard let user = state.users[token.secret] else { throw UpstreamFailure.badCredentials }
        return user
    }

    func repositories(token: GitHubToken, count: Int) async throws -> [Repository] {
        try await begin("repositories(\(count))", token).repositories
    }

    func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails {
        guard let details = try await begin("repository(\(id))", token).details[id] else { throw UpstreamFailure.notFound }
        return details
    }

    func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme? {
        try await begin("readme(\(owner)/\(repository)@\(branch))", token).readmes["\(owner)/\(repository)"]
    }

    func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        let state = try await begin("tree(\(owner)/\(repository)@\(branch))", token)
        if let failure = state.treeFailure { throw failure }
        return state.trees["\(owner)/\(repository)"]
    }
}
