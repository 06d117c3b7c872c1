import ByteEncoding
import Foundation
import GitHub
import Logging
import Upstream
import UpstreamHTTP

/// GitHub's REST API over the shared upstream layer (GH-10; AsyncHTTPClient in the role the
/// course gave Alamofire). Every request carries `Authorization: Bearer <token>`, GitHub's media
/// type `application/vnd.github+json`, `X-GitHub-Api-Version: 2022-11-28` and the configured
/// `User-Agent` (GitHub refuses requests without one). Answers with an `ETag` are kept in a
/// `GitHubResponseCache` and asked for conditionally next time.
///
/// Throws `UpstreamFailure` through `UpstreamFailureMapping` (401 `.badCredentials`, 403/429 rate
/// limits with their reset time, 404, 5xx, timeouts, no network); a body that does not decode is
/// `.unreadable`. The token is never logged and never put in a URL; the cache keeps only its hash.
public struct GitHubClient: GitHubAPI {
    public static let defaultBaseURL = URL(string: "https://api.github.com")!
    /// The REST API version the models are written against.
    public static let apiVersion = "2022-11-28"
    /// GitHub's recommended `Accept`.
    public static let mediaType = "application/vnd.github+json"

    private let client: UpstreamClient
    private let cache: GitHubResponseCache
    private let logger: Logger

    /// Over a client whose base URL is GitHub's API (or a stand-in's). The caller owns the client
    /// and shuts it down.
    public init(
        client: UpstreamClient, cache: GitHubResponseCache = GitHubResponseCache(),
        logger: Logger = Logger(label: "appdeck.github")
    ) {
        self.client = client
        self.cache = cache
        self.logger = logger
    }

    /// A configuration fit for GitHub: a README is at most 1 MB (about 1.4 MB as base64 JSON), so
    /// the body cap is 4 MiB. Only the API's own origin is asked, redirects included: a redirect
    /// elsewhere would carry nothing of the token, but neither has any reason to be followed.
    public static func configuration(
        baseURL: URL = GitHubClient.defaultBaseURL,
        connectTimeout: Duration = .seconds(5),
        requestTimeout: Duration = .seconds(15),
        userAgent: String = UpstreamConfiguration.defaultUserAgent
    ) -> UpstreamConfiguration {
        UpstreamConfiguration(
            baseURL: baseURL, connectTimeout: connectTimeout, requestTimeout: requestTimeout, userAgent: userAgent,
            maximumBodyBytes: 4 * 1024 * 1024, allowedOrigins: UpstreamOrigin(baseURL).map { [$0] } ?? [])
    }

    // MARK: - GitHubAPI

    public func user(token: GitHubToken) async throws -> GitHubUser {
        try await get(GitHubUser.self, path: GitHubPaths.user, token: token)
    }

    public func repositories(token: GitHubToken, count: Int) async throws -> [Repository] {
        try await get([Repository].self, path: GitHubPaths.repositories(count: count), token: token)
    }

    public func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails {
        try await get(RepositoryDetails.self, path: GitHubPaths.repository(id: id), token: token)
    }

    /// nil when GitHub answers 404: the repository has no README on that branch (or does not exist).
    public func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme? {
        let path = try GitHubPaths.readme(owner: owner, repository: repository, branch: branch)
        do {
            return try await get(Readme.self, path: path, token: token)
        } catch UpstreamFailure.notFound {
            return nil
        }
    }

    /// nil when GitHub has no tree for the branch: 404, or 409 ("Git Repository is empty"). A
    /// tree over the 4 MiB body cap (GitHub lists up to 7 MB) fails like any oversized answer;
    /// the caller then has no folders, and the README's links stay under `blob/`.
    public func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        let path = try GitHubPaths.tree(owner: owner, repository: repository, branch: branch)
        do {
            return try await get(RepositoryTree.self, path: path, token: token)
        } catch UpstreamFailure.notFound {
            return nil
        } catch UpstreamFailure.server(status: 409) {
            return nil
        }
    }

    // MARK: - Code and history (issue 49)

    public func repository(owner: String, name: String, token: GitHubToken) async throws -> RepositoryDetails {
        try await get(RepositoryDetails.self, path: try GitHubPaths.repository(owner: owner, name: name), token: token)
    }

    public func contents(owner: String, repository: String, path: String, ref: String?, token: GitHubToken) async throws -> RepositoryContents {
        let path = try GitHubPaths.contents(owner: owner, repository: repository, path: path, ref: ref)
        return try await get(RepositoryContents.self, path: path, token: token)
    }

    public func branches(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference] {
        try await get([GitReference].self, path: try GitHubPaths.branches(owner: owner, repository: repository, count: count), token: token)
    }

    public func tags(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference] {
        try await get([GitReference].self, path: try GitHubPaths.tags(owner: owner, repository: repository, count: count), token: token)
    }

    /// An empty repository (409 "Git Repository is empty.") has no commits: an empty list.
    public func commits(
        owner: String, repository: String, ref: String?, page: Int, perPage: Int, token: GitHubToken
    ) async throws -> [CommitSummary] {
        let path = try GitHubPaths.commits(owner: owner, repository: repository, ref: ref, page: page, perPage: perPage)
        do {
            return try await get([CommitSummary].self, path: path, token: token)
        } catch UpstreamFailure.server(status: 409) {
            return []
        }
    }

    /// A SHA GitHub does not know is a 422 ("No commit found for SHA"): `.notFound`, like a 404.
    public func commit(owner: String, repository: String, sha: String, token: GitHubToken) async throws -> CommitDetails {
        let path = try GitHubPaths.commit(owner: owner, repository: repository, sha: sha)
        do {
            return try await get(CommitDetails.self, path: path, token: token)
        } catch UpstreamFailure.server(status: 422) {
            throw UpstreamFailure.notFound
        }
    }

    // MARK: - Issues, pull requests, search and stars (issue 49)

    public func issues(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue] {
        let path = try GitHubPaths.issues(owner: owner, repository: repository, kind: .issues, state: state, page: page, perPage: perPage)
        return try await get([GitHubIssue].self, path: path, token: token)
    }

    public func pulls(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue] {
        let path = try GitHubPaths.issues(owner: owner, repository: repository, kind: .pulls, state: state, page: page, perPage: perPage)
        return try await get([GitHubIssue].self, path: path, token: token)
    }

    /// An issue moved to another repository answers 301 to its new place (followed); a deleted one 410 (`.notFound`).
    public func issue(owner: String, repository: String, number: Int, token: GitHubToken) async throws -> GitHubIssue {
        try await get(GitHubIssue.self, path: try GitHubPaths.issue(owner: owner, repository: repository, number: number), token: token)
    }

    public func issueComments(owner: String, repository: String, number: Int, count: Int, token: GitHubToken) async throws -> [IssueComment] {
        let path = try GitHubPaths.issueComments(owner: owner, repository: repository, number: number, count: count)
        return try await get([IssueComment].self, path: path, token: token)
    }

    /// A query GitHub cannot run stays `.server(status: 422)`: the search screen explains it.
    /// Search's own rate limit (30 a minute) comes as 403 or 429 with the rate-limit headers.
    public func searchRepositories(query: String, page: Int, perPage: Int, token: GitHubToken) async throws -> RepositorySearch {
        try await get(RepositorySearch.self, path: GitHubPaths.searchRepositories(query: query, page: page, perPage: perPage), token: token)
    }

    /// 204 is starred, 404 is not; the 204's ETag is kept like any answer's.
    public func isStarred(owner: String, repository: String, token: GitHubToken) async throws -> Bool {
        do {
            return try await fetch(path: try GitHubPaths.starred(owner: owner, repository: repository), token: token) { _ in true }
        } catch UpstreamFailure.notFound {
            return false
        }
    }

    /// `PUT` (with `Content-Length: 0`) or `DELETE`; GitHub answers 204. A token that may not star
    /// gets 403 or 404, thrown as `.server(status: 403)` or `.notFound`.
    public func setStarred(_ starred: Bool, owner: String, repository: String, token: GitHubToken) async throws {
        let path = try GitHubPaths.starred(owner: owner, repository: repository)
        var request = UpstreamRequest(.path(path), headers: headers(for: token), party: party(for: token), logLabel: "/user/starred/…")
        request.method = starred ? .put : .delete
        _ = try await client.get(request)
    }

    // MARK: - Conditional GET

    /// GET `path` with the token's headers, conditionally when an answer to the same token and
    /// URL is kept; decodes the new body, or the kept one on a 304. A new body is kept only when
    /// it decodes and carries an `ETag`.
    private func get<Value: Decodable>(_ type: Value.Type, path: String, token: GitHubToken) async throws -> Value {
        try await fetch(path: path, token: token) { try decode(type, from: $0) }
    }

    /// A conditional GET of `path`, its body (the new one, or the kept one on a 304) made a value
    /// by `read`; a new body is kept only when `read` takes it and it carries an `ETag`.
    private func fetch<Value>(path: String, token: GitHubToken, read: ([UInt8]) throws -> Value) async throws -> Value {
        let key = GitHubResponseCache.Key(
            tokenDigest: GitHubResponseCache.digest(of: token.secret), url: cacheURL(for: path))
        let held = cache.entry(for: key)
        let request = UpstreamRequest(.path(path), headers: headers(for: token), ifNoneMatch: held?.etag,
            party: party(for: token), logLabel: Self.loggablePath(path))
        let response: UpstreamResponse
        do {
            response = try await client.get(request)
        } catch UpstreamFailure.badCredentials {
            cache.removeAll(tokenDigest: key.tokenDigest)
            throw UpstreamFailure.badCredentials
        }
        if response.isNotModified, let held {
            logger.debug("github answered from cache (304)", metadata: ["path": "\(Self.loggablePath(path))"])
            return try read(held.body)
        }
        let value = try read(response.body)
        if let etag = response.etag, !etag.isEmpty {
            cache.store(.init(etag: etag, body: response.body), for: key)
        }
        return value
    }

    /// One token is one party: its stalled answers hold at most its share of the connections.
    private func party(for token: GitHubToken) -> String {
        Hex.encode(GitHubResponseCache.digest(of: token.secret).prefix(16))
    }

    private func decode<Value: Decodable>(_ type: Value.Type, from body: [UInt8]) throws -> Value {
        do {
            return try JSONDecoder().decode(type, from: Data(body))
        } catch {
            throw UpstreamFailure.unreadable
        }
    }

    private func headers(for token: GitHubToken) -> [(name: String, value: String)] {
        [
            (name: "Authorization", value: "Bearer \(token.secret)"),
            (name: "Accept", value: Self.mediaType),
            (name: "X-GitHub-Api-Version", value: Self.apiVersion),
        ]
    }

    /// The absolute URL a path names, so one cache may serve clients of different hosts.
    private func cacheURL(for path: String) -> String {
        (client.configuration.baseURL?.absoluteString ?? "") + path
    }

    /// A path as logs may show it: no query (a search's words stay out too), and no owner or repository name (a private
    /// repository's name is the person's, so logs name repositories by id only); nor a file's
    /// path or a commit's SHA (issue 49): `/repos/…/contents/…`, `/repos/…/commits/…`.
    static func loggablePath(_ path: String) -> String {
        let bare = path.prefix { $0 != "?" }
        if bare.hasPrefix("/user/starred/") { return "/user/starred/…" }  // a star names its repository (issue 49)
        guard bare.hasPrefix("/repos/") else { return String(bare) }
        let parts = bare.split(separator: "/")
        guard parts.count > 3 else { return "/repos/…/" }
        if parts[3] == "contents" || parts[3] == "commits" { return "/repos/…/\(parts[3])" + (parts.count > 4 ? "/…" : "") }
        return "/repos/…/" + parts[3...].joined(separator: "/")
    }
}
