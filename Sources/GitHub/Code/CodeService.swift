import Foundation

/// The code browser's and the history's calls (issue 49), each with the stored token, as the
/// repository screens' are: `GitHubFailure` thrown, a refused token forgotten.
extension GitHubService {
    /// How many branches and how many tags the picker lists.
    public static let referenceCount = 100

    /// Any repository the token can see, by owner and name.
    public func getRepository(owner: String, name: String) async throws -> RepositoryDetails {
        try await withStoredToken { token in try await api.repository(owner: owner, name: name, token: token) }
    }

    /// The folder or file at `location`.
    public func getContents(_ location: CodeLocation) async throws -> RepositoryContents {
        try await withStoredToken { token in
            try await api.contents(owner: location.owner, repository: location.name, path: location.path, ref: location.ref, token: token)
        }
    }

    public func getBranches(owner: String, name: String) async throws -> [GitReference] {
        try await withStoredToken { token in
            try await api.branches(owner: owner, repository: name, count: Self.referenceCount, token: token)
        }
    }

    public func getTags(owner: String, name: String) async throws -> [GitReference] {
        try await withStoredToken { token in
            try await api.tags(owner: owner, repository: name, count: Self.referenceCount, token: token)
        }
    }

    /// One page (from 1) of the commits reachable from `ref`.
    public func getCommits(owner: String, name: String, ref: String?, page: Int, perPage: Int) async throws -> [CommitSummary] {
        try await withStoredToken { token in
            try await api.commits(owner: owner, repository: name, ref: ref, page: page, perPage: perPage, token: token)
        }
    }

    public func getCommit(owner: String, name: String, sha: String) async throws -> CommitDetails {
        try await withStoredToken { token in try await api.commit(owner: owner, repository: name, sha: sha, token: token) }
    }
}
