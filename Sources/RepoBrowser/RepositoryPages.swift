/// What the list and the repository screens show, loaded in the order the screens need (GH-2,
/// GH-3, GH-5): the web face renders these and decides nothing about loading.
extension AppRepository {
    /// The list (GH-2).
    public func listPage() async -> Loadable<[Repository]> {
        await Loadable { try await getRepositories() }
    }

    /// A repository with the list beside it (GH-5): the list and the details are asked at once,
    /// the README once the details name the default branch; no README is asked for a repository
    /// that did not load.
    public func repositoryPage(id: Int) async -> RepositoryPage {
        async let listed = listPage()
        let details = await Loadable { try await getRepository(id: id) }
        let readme: Loadable<Readme?> = if case .loaded(let loaded) = details {
            await Loadable { try await getRepositoryReadme(owner: loaded.ownerLogin, repository: loaded.name, branch: loaded.defaultBranch) }
        } else {
            .loaded(nil)
        }
        return RepositoryPage(id: id, repositories: await listed, details: details, readme: readme)
    }
}

/// A repository's screen as loaded: the list, the details and the README, each loaded or failed.
public struct RepositoryPage: Sendable {
    public let id: Int
    public let repositories: Loadable<[Repository]>
    public let details: Loadable<RepositoryDetails>
    public let readme: Loadable<Readme?>

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
    /// Runs `load`, keeping its value or the failure it threw as a `GitHubFailure`.
    init(_ load: () async throws -> Value) async {
        do {
            self = .loaded(try await load())
        } catch {
            self = .failed(GitHubFailure(catching: error))
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
