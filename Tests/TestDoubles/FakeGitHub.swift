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
        /// Each branch's or tag's files (issue 49), by `owner/name@ref`: path → file. Folders are
        /// what the paths hold; a ref missing here is unknown to GitHub (404).
        public var files: [String: [String: FakeFile]] = [:]
        /// Branches and tags by full name.
        public var branches: [String: [GitReference]] = [:]
        public var tags: [String: [GitReference]] = [:]
        /// Each ref's commits, newest first, by `owner/name@ref`.
        public var commits: [String: [CommitDetails]] = [:]
        /// Thrown by `contents` alone while set (the folder listing and the file alike).
        public var contentsFailure: UpstreamFailure?
        /// Paths a folder's listing leaves out, as GitHub's leaves out all after the first 1,000.
        public var unlisted: Set<String> = []
        /// Issues and pull requests by full name (issue 49), newest first, as the issues endpoint
        /// lists them: pull requests among them (`isPullRequest`); the pulls endpoint lists those.
        public var issues: [String: [GitHubIssue]] = [:]
        /// Comments by `owner/name#number`, oldest first.
        public var comments: [String: [IssueComment]] = [:]
        /// Repositories a search finds: those of `details` whose full name or description holds
        /// the query's words that are not qualifiers (`word:value`); every search is recorded.
        public var searches: [String] = []
        /// Thrown by a search alone while set (422, a rate limit).
        public var searchFailure: UpstreamFailure?
        /// The full names the token's person has starred.
        public var starred: Set<String> = []
        /// Thrown by `isStarred` alone while set (a token that may not read stars: 403).
        public var starStateFailure: UpstreamFailure?
        /// Thrown by a star change alone while set (a token that may not star: 403 or 404).
        public var starChangeFailure: UpstreamFailure?
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

    // MARK: Code and history (issue 49)

    public func repository(owner: String, name: String, token: GitHubToken) async throws -> RepositoryDetails {
        let state = try await begin("repository(\(owner)/\(name))", token)
        guard let details = state.details.values.first(where: { $0.repository.fullName == "\(owner)/\(name)" }) else {
            throw UpstreamFailure.notFound
        }
        return details
    }

    /// A path naming a file answers the file (its bytes when at most 1 MB, as GitHub's `encoding`
    /// `none` otherwise); a folder (the root too), its entries; anything else 404.
    public func contents(owner: String, repository: String, path: String, ref: String?, token: GitHubToken) async throws -> RepositoryContents {
        let state = try await begin("contents(\(owner)/\(repository)@\(ref ?? ""):\(path))", token)
        if let failure = state.contentsFailure { throw failure }
        let branch = ref ?? state.details.values.first { $0.repository.fullName == "\(owner)/\(repository)" }?.defaultBranch ?? "main"
        guard let files = state.files["\(owner)/\(repository)@\(branch)"] else { throw UpstreamFailure.notFound }
        let base = "\(owner)/\(repository)/\(branch)"
        func entry(_ path: String, kind: ContentEntry.Kind, size: Int) -> ContentEntry {
            ContentEntry(
                name: String(path.split(separator: "/").last ?? ""), path: path, kind: kind, size: size,
                htmlURL: URL(string: "https://github.com/\(owner)/\(repository)/\(kind == .folder ? "tree" : "blob")/\(branch)/\(path)"),
                downloadURL: kind == .folder ? nil : URL(string: "https://raw.githubusercontent.com/\(base)/\(path)"))
        }
        if let file = files[path] {
            let content = file.size > 1_000_000 ? nil : file.bytes
            return .file(ContentFile(entry: entry(path, kind: file.kind, size: file.size), content: content, target: file.target))
        }
        let prefix = path.isEmpty ? "" : path + "/"
        var entries: [String: ContentEntry] = [:]
        for (filePath, file) in files where filePath.hasPrefix(prefix) && !state.unlisted.contains(filePath) {
            let rest = filePath.dropFirst(prefix.count)
            if let slash = rest.firstIndex(of: "/") {
                let folder = prefix + rest[..<slash]
                entries[folder] = entry(folder, kind: .folder, size: 0)
            } else {
                entries[filePath] = entry(filePath, kind: file.kind, size: file.size)
            }
        }
        guard !entries.isEmpty || path.isEmpty else { throw UpstreamFailure.notFound }
        return .folder(entries.values.sorted { $0.path < $1.path })
    }

    public func branches(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference] {
        Array(try await begin("branches(\(owner)/\(repository))", token).branches["\(owner)/\(repository)", default: []].prefix(count))
    }

    public func tags(owner: String, repository: String, count: Int, token: GitHubToken) async throws -> [GitReference] {
        Array(try await begin("tags(\(owner)/\(repository))", token).tags["\(owner)/\(repository)", default: []].prefix(count))
    }

    public func commits(
        owner: String, repository: String, ref: String?, page: Int, perPage: Int, token: GitHubToken
    ) async throws -> [CommitSummary] {
        let state = try await begin("commits(\(owner)/\(repository)@\(ref ?? ""),page:\(page))", token)
        let branch = ref ?? state.details.values.first { $0.repository.fullName == "\(owner)/\(repository)" }?.defaultBranch ?? "main"
        guard let all = state.commits["\(owner)/\(repository)@\(branch)"] else { throw UpstreamFailure.notFound }
        return Array(all.dropFirst((max(page, 1) - 1) * perPage).prefix(perPage)).map(\.summary)
    }

    public func commit(owner: String, repository: String, sha: String, token: GitHubToken) async throws -> CommitDetails {
        let state = try await begin("commit(\(owner)/\(repository)@\(sha))", token)
        let all = state.commits.filter { $0.key.hasPrefix("\(owner)/\(repository)@") }.values.joined()
        guard let found = all.first(where: { $0.summary.sha == sha }) else { throw UpstreamFailure.notFound }
        return found
    }

    public func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        let state = try await begin("tree(\(owner)/\(repository)@\(branch))", token)
        if let failure = state.treeFailure { throw failure }
        return state.trees["\(owner)/\(repository)"]
    }

    // MARK: Issues, pull requests, search and stars (issue 49)

    public func issues(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue] {
        let all = try await begin("issues(\(owner)/\(repository),\(state.rawValue),page:\(page))", token).issues["\(owner)/\(repository)"]
        return Self.page(of: all?.filter { $0.isOpen == (state == .open) }, page: page, perPage: perPage)
    }

    public func pulls(owner: String, repository: String, state: IssueState, page: Int, perPage: Int, token: GitHubToken) async throws -> [GitHubIssue] {
        let all = try await begin("pulls(\(owner)/\(repository),\(state.rawValue),page:\(page))", token).issues["\(owner)/\(repository)"]
        return Self.page(of: all?.filter { $0.isPullRequest && $0.isOpen == (state == .open) }, page: page, perPage: perPage)
    }

    public func issue(owner: String, repository: String, number: Int, token: GitHubToken) async throws -> GitHubIssue {
        let state = try await begin("issue(\(owner)/\(repository)#\(number))", token)
        guard let found = state.issues["\(owner)/\(repository)"]?.first(where: { $0.number == number }) else { throw UpstreamFailure.notFound }
        return found
    }

    public func issueComments(owner: String, repository: String, number: Int, count: Int, token: GitHubToken) async throws -> [IssueComment] {
        let state = try await begin("comments(\(owner)/\(repository)#\(number))", token)
        guard state.issues["\(owner)/\(repository)"]?.contains(where: { $0.number == number }) == true else { throw UpstreamFailure.notFound }
        return Array(state.comments["\(owner)/\(repository)#\(number)", default: []].prefix(count))
    }

    public func searchRepositories(query: String, page: Int, perPage: Int, token: GitHubToken) async throws -> RepositorySearch {
        let state = try await begin("search(\(query))", token)
        update { $0.searches.append(query) }
        if let failure = state.searchFailure { throw failure }
        let words = query.split(separator: " ").filter { !$0.contains(":") }.map { $0.lowercased() }
        let found = state.details.values.map(\.repository).filter { repository in
            words.allSatisfy { repository.fullName.lowercased().contains($0) || (repository.description ?? "").lowercased().contains($0) }
        }.sorted { $0.stargazersCount > $1.stargazersCount }
        return RepositorySearch(totalCount: found.count, items: Array(found.prefix(perPage)))
    }

    public func isStarred(owner: String, repository: String, token: GitHubToken) async throws -> Bool {
        let state = try await begin("isStarred(\(owner)/\(repository))", token)
        if let failure = state.starStateFailure { throw failure }
        return state.starred.contains("\(owner)/\(repository)")
    }

    public func setStarred(_ starred: Bool, owner: String, repository: String, token: GitHubToken) async throws {
        let state = try await begin("\(starred ? "star" : "unstar")(\(owner)/\(repository))", token)
        if let failure = state.starChangeFailure { throw failure }
        update { state in
            if starred { state.starred.insert("\(owner)/\(repository)") } else { state.starred.remove("\(owner)/\(repository)") }
        }
    }

    private static func page(of all: [GitHubIssue]?, page: Int, perPage: Int) -> [GitHubIssue] {
        Array((all ?? []).dropFirst((max(page, 1) - 1) * perPage).prefix(perPage))
    }
}

/// A file of `FakeGitHub`'s code (issue 49): its bytes, the size GitHub states (its bytes' count
/// unless given: a file over 1 MB comes without its bytes), and its kind.
public struct FakeFile: Sendable {
    public var bytes: Data
    public var size: Int
    public var kind: ContentEntry.Kind
    /// A symbolic link's target, when GitHub answers with the link itself.
    public var target: String?

    public init(_ text: String) {
        self.init(bytes: Data(text.utf8))
    }

    public init(bytes: Data, size: Int? = nil, kind: ContentEntry.Kind = .file, target: String? = nil) {
        self.bytes = bytes
        self.size = size ?? bytes.count
        self.kind = kind
        self.target = target
    }
}
