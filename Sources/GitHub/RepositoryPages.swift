/// What the list and the repository screens show, loaded in the order the screens need (GH-2,
/// GH-3, GH-5): the web face renders these and decides nothing about loading.
extension GitHubService {
    /// The list (GH-2). Throws what the token's storage throws (the database away: a fault of
    /// the server, not of GitHub, which the shell answers with 503).
    public func listPage() async throws -> Loadable<[Repository]> {
        try await Loadable { try await getRepositories() }
    }

    /// A repository with the list beside it (GH-5): the list and the details are asked at once,
    /// the README and the branch's folders (for its links, issue 22) at once when the details name
    /// the default branch; neither is asked for a repository that did not load. The folders are
    /// an extra: when they fail, the README's links stay under `blob/`. Throws what the token's
    /// storage throws, as `listPage()` does.
    public func repositoryPage(id: Int) async throws -> RepositoryPage {
        async let listed = listPage()
        let details = try await Loadable { try await getRepository(id: id) }
        guard case .loaded(let loaded) = details else {
            return RepositoryPage(id: id, repositories: try await listed, details: details, readme: .loaded(nil), tree: nil)
        }
        let (owner, name, branch) = (loaded.ownerLogin, loaded.name, loaded.defaultBranch)
        async let tree = try? getRepositoryTree(owner: owner, repository: name, branch: branch)
        let readme = try await Loadable { try await getRepositoryReadme(owner: owner, repository: name, branch: branch) }
        return RepositoryPage(id: id, repositories: try await listed, details: details, readme: readme, tree: await tree ?? nil)
    }
}

/// A repository's screen as loaded: the list, the details and the README, each loaded or failed.
public struct RepositoryPage: Sendable {
    public let id: Int
    public let repositories: Loadable<[Repository]>
    public let details: Loadable<RepositoryDetails>
    public let readme: Loadable<Readme?>
    /// The default branch's folders; nil when not asked or not given.
    public let tree: RepositoryTree?

    /// The list's row for this repository, when the list loaded and holds it.
    public var row: Repository? {
        if case .loaded(let all) = repositories { all.first { $0.id == id } } else { nil }
    }

    /// Why the screen cannot be shown without signing in (no token kept, or GitHub refused it):
    /// the details' reason first, then the list's; nil when neither needs it.
    public var signInNeeded: GitHubFailure? {
        details.signInNeeded ?? repositories.signInNeeded
    }
}

extension Loadable {
    /// Runs `load`, keeping its value or the `GitHubFailure` it threw (what GitHub or the way
    /// to it did). Anything else is the server's own fault (the token's storage away, issue 33)
    /// and is thrown, so the page says so (503) rather than blaming GitHub (502).
    init(_ load: () async throws -> Value) async throws {
        do {
            self = .loaded(try await load())
        } catch let failure as GitHubFailure {
            self = .failed(failure)
        }
    }

    /// The failure when it is one that only signing in cures.
    public var signInNeeded: GitHubFailure? {
        guard case .failed(let failure) = self else { return nil }
        switch failure {
        case .signedOut, .badCredentials: return failure
        default: return nil
        }
    }
}
