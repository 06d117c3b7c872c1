/// GitHub when the deck has no live client for it (a test deck that gives none): every call
/// fails as it would without network, so the app shows its upstream-failure state.
public struct GitHubUnavailable: GitHubAPI {
    public init() {}
    public func user(token: GitHubToken) async throws -> GitHubUser { throw GitHubFailure.offline }
    public func repositories(token: GitHubToken, count: Int) async throws -> [Repository] { throw GitHubFailure.offline }
    public func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails { throw GitHubFailure.offline }
    public func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme? {
        throw GitHubFailure.offline
    }
    public func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        throw GitHubFailure.offline
    }
}
