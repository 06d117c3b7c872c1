import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LoopbackSupport
import Logging
import NIOCore
import Synchronization

/// A loopback stand-in for GitHub's REST API, on 127.0.0.1 and a port the system picks. It speaks
/// the documented paths, headers and JSON shapes (API version 2022-11-28): `GET /user`,
/// `GET /user/repos` (`sort`, `per_page`), `GET /repositories/{id}`,
/// `GET /repos/{owner}/{repo}/readme` (`ref`) with base64 content broken every 60 characters.
/// Answers carry a weak `ETag` and GitHub's `x-ratelimit-*` headers; an `If-None-Match` that
/// matches gets a bodiless 304 that costs no rate limit. Unknown tokens get 401 "Bad credentials".
/// It records every request's headers, and has switches for the faults the client must map.
final class GitHubStandIn: Sendable {
    struct Account: Sendable {
        var login: String
        var id: Int
        var name: String?
        var repositories: [RepositoryFixture] = []
        /// Full names this person has starred (issue 49).
        var starred: Set<String> = []
        /// Whether the token may star: a PUT or DELETE from one that may not is GitHub's 404.
        var mayStar = true
    }

    struct RepositoryFixture: Sendable {
        var id: Int
        var owner: String
        var ownerID: Int
        var name: String
        var description: String?
        var language: String?
        var stars: Int
        var forks: Int
        var subscribers: Int
        var updatedAt: String
        var isPrivate = false
        var defaultBranch = "main"
        /// `(key, name, spdx_id)`.
        var license: (key: String, name: String, spdxID: String)?
        /// README Markdown by branch; none for a repository without one.
        var readmes: [String: String] = [:]
        var readmePath = "README.md"
        /// The files of each branch by path from the root (their folders are derived): what
        /// `git/trees/{branch}?recursive=1` lists; a branch missing here has no tree (404).
        var files: [String: [String]] = [:]
        /// Answers the tree with `truncated: true`, listing only the first `truncatedAfter` entries.
        var truncatedAfter: Int?
        /// The text of each file (issue 49) by path, the same on every branch; a file not named
        /// here holds `contents of <path>\n`.
        var texts: [String: String] = [:]
        /// Files GitHub states as over 1 MB: the contents API sends them without content.
        var largeFiles: Set<String> = []
        /// Each branch's commits, newest first (issue 49).
        var commits: [String: [CommitFixture]] = [:]
        /// Tags and the branch or commit each names.
        var tags: [String] = []
        /// Issues and pull requests (issue 49), newest first; the issues endpoint lists both.
        var issues: [IssueFixture] = []
    }

    /// A commit of a fixture (issue 49): `files` as `(filename, status, additions, deletions, patch)`.
    struct CommitFixture: Sendable {
        var sha: String
        var message: String
        var login: String?
        var name: String
        var date: String
        var files: [(filename: String, status: String, additions: Int, deletions: Int, patch: String?)] = []
    }

    struct Faults: Sendable {
        /// Every answer waits this long first.
        var delay: Duration?
        /// 403 with `x-ratelimit-remaining: 0` and `x-ratelimit-reset`.
        var rateLimitedUntil: Int?
        /// 429 with `retry-after: <seconds>` (a secondary rate limit).
        var retryAfter: Int?
        /// 403 without rate-limit exhaustion (e.g. an organisation's SSO refusal).
        var forbidden = false
        /// 500.
        var serverError = false
        /// JSON cut in the middle.
        var malformedJSON = false
        /// Answers to these tokens send their head and one byte, then the rest `stallSeconds` later
        /// (longer than the suites' deadlines; a stand-in stops only once its answers are sent).
        var stallAfterHead: Set<String> = []
        var stallSeconds = 5
        /// Answers to these tokens send their first 40 bytes one per 100 ms, then the rest.
        var trickle: Set<String> = []
    }

    /// What the stand-in saw of one request, and what it answered.
    struct Seen: Sendable {
        var target: String
        var authorization: String?
        var accept: String?
        var apiVersion: String?
        var userAgent: String?
        var ifNoneMatch: String?
        var status: Int
        var method = "GET"
        /// `Content-Length` as sent: GitHub asks for `0` on a bodiless `PUT` (issue 49).
        var contentLength: String?
    }

    private struct State {
        var accounts: [String: Account] = [:]
        var faults = Faults()
        var seen: [Seen] = []
        /// Requests each token may still make this hour; a 304 costs nothing.
        var remaining: [String: Int] = [:]
    }

    static let rateLimit = 5000
    static let apiVersion = HTTPField.Name("X-GitHub-Api-Version")!

    private let state = Mutex(State())
    private let server: LoopbackServer
    var port: Int { server.port }

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    private init(server: LoopbackServer, accounts: [String: Account]) {
        self.server = server
        state.withLock { $0.accounts = accounts }
    }

    /// Starts a stand-in knowing `accounts` (by token) and returns once it accepts connections.
    static func start(accounts: [String: Account]) async throws -> GitHubStandIn {
        let reference = StandInReference<GitHubStandIn>()
        let router = Router()
        router.get("/user") { request, _ in try await reference.value.answer(request) { $0.user($1) } }
        router.get("/user/repos") { request, _ in try await reference.value.answer(request) { $0.repositories($1, request) } }
        router.get("/repositories/:id") { request, context in
            let id = context.parameters.get("id") ?? ""
            return try await reference.value.answer(request) { $0.repository($1, id: id) }
        }
        router.get("/repos/:owner/:repo/readme") { request, context in
            let owner = context.parameters.get("owner") ?? ""
            let repo = context.parameters.get("repo") ?? ""
            return try await reference.value.answer(request) { $0.readme($1, owner: owner, repo: repo, request: request) }
        }
        router.get("/repos/:owner/:repo/git/trees/:sha") { request, context in
            let owner = context.parameters.get("owner") ?? ""
            let repo = context.parameters.get("repo") ?? ""
            let sha = context.parameters.get("sha") ?? ""
            return try await reference.value.answer(request) { $0.tree($1, owner: owner, repo: repo, sha: sha, request: request) }
        }
        addCodeRoutes(to: router, reference)
        addIssueRoutes(to: router, reference)
        return try await reference.start(router: router, serverName: "GitHub.com") {
            GitHubStandIn(server: $0, accounts: accounts)
        }
    }

    /// Stops the server once the requests in flight are answered; its port is closed from then on.
    func stop() async {
        await server.stop()
    }

    func setFaults(_ change: (inout Faults) -> Void) {
        state.withLock { change(&$0.faults) }
    }

    func updateAccount(token: String, _ change: (inout Account) -> Void) {
        state.withLock { state in
            if var account = state.accounts[token] {
                change(&account)
                state.accounts[token] = account
            }
        }
    }

    /// Changes the account whose login is `login`.
    func updateAccount(login: String, _ change: (inout Account) -> Void) {
        state.withLock { state in
            for (token, var account) in state.accounts where account.login == login {
                change(&account)
                state.accounts[token] = account
            }
        }
    }

    /// GitHub no longer accepts `token`.
    func revoke(_ token: String) {
        state.withLock { _ = $0.accounts.removeValue(forKey: token) }
    }

    var seen: [Seen] { state.withLock { $0.seen } }
    var lastSeen: Seen? { seen.last }

    /// Requests `token` may still make, as `x-ratelimit-remaining` says.
    func remaining(_ token: String) -> Int {
        state.withLock { $0.remaining[token, default: Self.rateLimit] }
    }

    // MARK: - Answering

    /// An answer before the rate limit and ETag are applied: a status and a JSON body.
    struct Answer {
        var status: HTTPResponse.Status
        var json: Any
    }

    /// Records the request, waits any delay, authenticates, applies the faults, then answers with
    /// `make`'s JSON: a 304 when `If-None-Match` matches its ETag, else 200 with the ETag.
    func answer(_ request: Request, _ make: (GitHubStandIn, Account) -> Answer) async throws -> Response {
        let faults = state.withLock { $0.faults }
        if let delay = faults.delay { try await Task.sleep(for: delay) }
        var seen = Seen(
            target: request.uri.string, authorization: request.headers[.authorization], accept: request.headers[.accept],
            apiVersion: request.headers[Self.apiVersion], userAgent: request.headers[.userAgent],
            ifNoneMatch: request.headers[.ifNoneMatch], status: 0, method: request.method.rawValue,
            contentLength: request.headers[.contentLength])
        let response = respond(to: seen, faults: faults, make)
        seen.status = response.status.code
        state.withLock { $0.seen.append(seen) }
        return response
    }

    private func respond(to seen: Seen, faults: Faults, _ make: (GitHubStandIn, Account) -> Answer) -> Response {
        let header = seen.authorization ?? ""
        let token = header.hasPrefix("Bearer ") ? String(header.dropFirst(7)) : header.hasPrefix("token ") ? String(header.dropFirst(6)) : ""
        guard !token.isEmpty else {
            return json(["message": "Requires authentication", "documentation_url": "https://docs.github.com/rest", "status": "401"], status: .unauthorized)
        }
        guard let account = state.withLock({ $0.accounts[token] }) else {
            return json(["message": "Bad credentials", "documentation_url": "https://docs.github.com/rest", "status": "401"], status: .unauthorized)
        }
        var headers = rateHeaders(token: token)
        if let reset = faults.rateLimitedUntil {
            headers[HTTPField.Name("x-ratelimit-remaining")!] = "0"
            headers[HTTPField.Name("x-ratelimit-reset")!] = String(reset)
            return json(
                [
                    "message": "API rate limit exceeded for user ID \(account.id). If you reach out to GitHub Support for help, please include the request ID 1234:5678.",
                    "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api", "status": "403",
                ], status: .forbidden, headers: headers)
        }
        if let retryAfter = faults.retryAfter {
            headers[.retryAfter] = String(retryAfter)
            return json(
                [
                    "message": "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.",
                    "documentation_url": "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits",
                    "status": "429",
                ], status: .tooManyRequests, headers: headers)
        }
        if faults.forbidden {
            return json(["message": "Resource protected by organization SAML enforcement.", "documentation_url": "https://docs.github.com/rest", "status": "403"], status: .forbidden, headers: headers)
        }
        if faults.serverError {
            return json(["message": "Server Error"], status: .internalServerError, headers: headers)
        }
        let answer = make(self, account)
        if answer.status == .noContent { return Response(status: .noContent, headers: headers) }
        let body = Self.encode(answer.json)
        guard answer.status == .ok else { return Response(status: answer.status, headers: jsonHeaders(headers), body: .init(byteBuffer: ByteBuffer(bytes: body))) }
        let etag = "W/\"" + SHA256.hash(data: body).map { String(format: "%02x", $0) }.joined() + "\""
        headers[.eTag] = etag
        headers[.cacheControl] = "private, max-age=60, s-maxage=60"
        headers[.vary] = "Accept, Authorization, Cookie, X-GitHub-OTP"
        if seen.ifNoneMatch == etag {
            return Response(status: .notModified, headers: headers)
        }
        state.withLock { $0.remaining[token, default: Self.rateLimit] -= 1 }
        headers[HTTPField.Name("x-ratelimit-remaining")!] = String(remaining(token))
        let sent = faults.malformedJSON ? body.prefix(body.count / 2) : body[...]
        if faults.trickle.contains(token) {
            return Response(status: .ok, headers: jsonHeaders(headers), body: ResponseBody { writer in
                for byte in sent.prefix(40) {
                    try await writer.write(ByteBuffer(bytes: [byte]))
                    try await Task.sleep(for: .milliseconds(100))
                }
                try await writer.write(ByteBuffer(bytes: sent.dropFirst(40)))
                try await writer.finish(nil)
            })
        }
        if faults.stallAfterHead.contains(token) {
            return Response(status: .ok, headers: jsonHeaders(headers), body: ResponseBody { writer in
                try await writer.write(ByteBuffer(bytes: sent.prefix(1)))
                try await Task.sleep(for: .seconds(faults.stallSeconds))
                try await writer.write(ByteBuffer(bytes: sent.dropFirst()))
                try await writer.finish(nil)
            })
        }
        return Response(status: .ok, headers: jsonHeaders(headers), body: .init(byteBuffer: ByteBuffer(bytes: sent)))
    }

    private func rateHeaders(token: String) -> HTTPFields {
        var headers = HTTPFields()
        headers[HTTPField.Name("x-github-media-type")!] = "github.v3; format=json"
        headers[HTTPField.Name("x-ratelimit-limit")!] = String(Self.rateLimit)
        headers[HTTPField.Name("x-ratelimit-remaining")!] = String(remaining(token))
        headers[HTTPField.Name("x-ratelimit-reset")!] = String(Int(Date().timeIntervalSince1970) + 3600)
        headers[HTTPField.Name("x-ratelimit-resource")!] = "core"
        return headers
    }

    private func jsonHeaders(_ headers: HTTPFields) -> HTTPFields {
        var headers = headers
        headers[.contentType] = "application/json; charset=utf-8"
        return headers
    }

    private func json(_ object: Any, status: HTTPResponse.Status, headers: HTTPFields = [:]) -> Response {
        Response(status: status, headers: jsonHeaders(headers), body: .init(byteBuffer: ByteBuffer(bytes: Self.encode(object))))
    }

    static func encode(_ object: Any) -> Data {
        (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data()
    }

    static var notFound: Answer {
        Answer(status: .notFound, json: ["message": "Not Found", "documentation_url": "https://docs.github.com/rest", "status": "404"])
    }

    // MARK: - GitHub's shapes

    fileprivate func user(_ account: Account) -> Answer {
        Answer(
            status: .ok,
            json: [
                "login": account.login, "id": account.id, "node_id": "MDQ6VXNlcj\(account.id)",
                "avatar_url": "https://avatars.githubusercontent.com/u/\(account.id)?v=4",
                "html_url": "https://github.com/\(account.login)", "type": "User", "site_admin": false,
                "name": account.name.map { $0 as Any } ?? NSNull(), "company": NSNull(), "blog": "", "location": NSNull(), "email": NSNull(),
                "bio": NSNull(), "public_repos": account.repositories.filter { !$0.isPrivate }.count,
                "followers": 20, "following": 0, "created_at": "2011-01-25T18:44:36Z", "updated_at": "2025-01-02T10:00:00Z",
                "private_gists": 0, "total_private_repos": account.repositories.filter(\.isPrivate).count,
            ])
    }

    fileprivate func repositories(_ account: Account, _ request: Request) -> Answer {
        let query = request.uri.queryParameters
        let perPage = min(max(Int(query["per_page"].map(String.init) ?? "") ?? 30, 1), 100)
        var list = account.repositories
        if query["sort"].map(String.init) == "updated" {
            list.sort { $0.updatedAt > $1.updatedAt }
        } else {
            list.sort { "\($0.owner)/\($0.name)".lowercased() < "\($1.owner)/\($1.name)".lowercased() }
        }
        return Answer(status: .ok, json: list.prefix(perPage).map { Self.repositoryJSON($0, full: false) })
    }

    fileprivate func repository(_ account: Account, id: String) -> Answer {
        guard let repository = account.repositories.first(where: { String($0.id) == id }) else { return Self.notFound }
        return Answer(status: .ok, json: Self.repositoryJSON(repository, full: true))
    }

    fileprivate func readme(_ account: Account, owner: String, repo: String, request: Request) -> Answer {
        guard
            let repository = account.repositories.first(where: {
                $0.owner.lowercased() == owner.lowercased() && $0.name.lowercased() == repo.lowercased()
            })
        else { return Self.notFound }
        let ref = request.uri.queryParameters["ref"].map(String.init) ?? repository.defaultBranch
        guard let text = repository.readmes[ref] else { return Self.notFound }
        let sha = SHA256.hash(data: Data(text.utf8)).prefix(20).map { String(format: "%02x", $0) }.joined()
        let base = "https://api.github.com/repos/\(repository.owner)/\(repository.name)"
        return Answer(
            status: .ok,
            json: [
                "type": "file", "encoding": "base64", "size": text.utf8.count, "name": repository.readmePath.split(separator: "/").last.map(String.init) ?? "",
                "path": repository.readmePath, "content": Self.wrappedBase64(text), "sha": sha,
                "url": "\(base)/contents/\(repository.readmePath)?ref=\(ref)",
                "git_url": "\(base)/git/blobs/\(sha)",
                "html_url": "https://github.com/\(repository.owner)/\(repository.name)/blob/\(ref)/\(repository.readmePath)",
                "download_url": "https://raw.githubusercontent.com/\(repository.owner)/\(repository.name)/\(ref)/\(repository.readmePath)",
                "_links": [
                    "self": "\(base)/contents/\(repository.readmePath)?ref=\(ref)", "git": "\(base)/git/blobs/\(sha)",
                    "html": "https://github.com/\(repository.owner)/\(repository.name)/blob/\(ref)/\(repository.readmePath)",
                ],
            ])
    }

    /// GitHub's git tree: every folder (`tree`, mode 040000) and file (`blob`, mode 100644) of the
    /// branch, paths from the root, sorted; `recursive` (any value) lists nested entries, without
    /// it only the root's. An empty repository is a 409, as GitHub answers.
    fileprivate func tree(_ account: Account, owner: String, repo: String, sha: String, request: Request) -> Answer {
        guard
            let repository = account.repositories.first(where: {
                $0.owner.lowercased() == owner.lowercased() && $0.name.lowercased() == repo.lowercased()
            }),
            let files = repository.files[sha.removingPercentEncoding ?? sha]
        else { return Self.notFound }
        if files.isEmpty {
            return Answer(status: .conflict, json: ["message": "Git Repository is empty.", "documentation_url": "https://docs.github.com/rest", "status": "409"])
        }
        var folders = Set<String>()
        for file in files {
            var parts = file.split(separator: "/").dropLast()
            while !parts.isEmpty {
                folders.insert(parts.joined(separator: "/"))
                parts = parts.dropLast()
            }
        }
        let recursive = request.uri.queryParameters["recursive"] != nil
        let base = "https://api.github.com/repos/\(repository.owner)/\(repository.name)/git"
        func hash(_ text: String) -> String { SHA256.hash(data: Data(text.utf8)).prefix(20).map { String(format: "%02x", $0) }.joined() }
        var entries: [[String: Any]] = (folders.map { ($0, true) } + files.map { ($0, false) })
            .filter { recursive || !$0.0.contains("/") }
            .sorted { $0.0 < $1.0 }
            .map { path, isFolder in
                var entry: [String: Any] = [
                    "path": path, "mode": isFolder ? "040000" : "100644", "type": isFolder ? "tree" : "blob", "sha": hash(path),
                    "url": "\(base)/\(isFolder ? "trees" : "blobs")/\(hash(path))",
                ]
                if !isFolder { entry["size"] = path.utf8.count * 10 }
                return entry
            }
        if let limit = repository.truncatedAfter { entries = Array(entries.prefix(limit)) }
        return Answer(
            status: .ok,
            json: ["sha": hash(sha), "url": "\(base)/trees/\(hash(sha))", "tree": entries, "truncated": repository.truncatedAfter != nil])
    }

    /// Base64 with a line break after every 60 characters, and one at the end, as GitHub sends it.
    static func wrappedBase64(_ text: String) -> String {
        let base64 = Data(text.utf8).base64EncodedString()
        var lines: [Substring] = []
        var rest = base64[...]
        while !rest.isEmpty {
            lines.append(rest.prefix(60))
            rest = rest.dropFirst(60)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A repository object: the list's shape, or with `full` the single repository's (which adds
    /// `subscribers_count`, `network_count`). `watchers_count` is the stars, as on GitHub.
    static func repositoryJSON(_ repository: RepositoryFixture, full: Bool) -> [String: Any] {
        let fullName = "\(repository.owner)/\(repository.name)"
        let license: Any =
            repository.license.map { license in
                [
                    "key": license.key, "name": license.name, "spdx_id": license.spdxID,
                    "url": license.spdxID == "NOASSERTION" ? NSNull() : "https://api.github.com/licenses/\(license.key)" as Any,
                    "node_id": "MDc6TGljZW5zZTEz",
                ] as [String: Any]
            } ?? NSNull()
        var object: [String: Any] = [
            "id": repository.id, "node_id": "R_kgDO\(repository.id)", "name": repository.name, "full_name": fullName,
            "private": repository.isPrivate,
            "owner": [
                "login": repository.owner, "id": repository.ownerID, "node_id": "MDQ6VXNlcj\(repository.ownerID)",
                "avatar_url": "https://avatars.githubusercontent.com/u/\(repository.ownerID)?v=4",
                "html_url": "https://github.com/\(repository.owner)", "type": "User", "site_admin": false,
            ],
            "html_url": "https://github.com/\(fullName)", "description": repository.description.map { $0 as Any } ?? NSNull(), "fork": false,
            "url": "https://api.github.com/repos/\(fullName)", "created_at": "2020-01-01T00:00:00Z",
            "updated_at": repository.updatedAt, "pushed_at": repository.updatedAt, "homepage": NSNull(), "size": 108,
            "stargazers_count": repository.stars, "watchers_count": repository.stars, "language": repository.language.map { $0 as Any } ?? NSNull(),
            "has_issues": true, "has_projects": true, "has_downloads": true, "has_wiki": true, "has_pages": false,
            "forks_count": repository.forks, "archived": false, "disabled": false, "open_issues_count": 2, "license": license,
            "allow_forking": true, "is_template": false, "topics": ["swift", "linux"],
            "visibility": repository.isPrivate ? "private" : "public", "forks": repository.forks, "open_issues": 2,
            "watchers": repository.stars, "default_branch": repository.defaultBranch,
            "permissions": ["admin": true, "maintain": true, "push": true, "triage": true, "pull": true],
        ]
        if full {
            object["subscribers_count"] = repository.subscribers
            object["network_count"] = repository.forks
            object["temp_clone_token"] = ""
        }
        return object
    }
}
