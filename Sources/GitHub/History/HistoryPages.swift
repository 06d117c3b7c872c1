import Foundation

/// What the history's screens show, loaded in the order they need (issue 49).
extension GitHubService {
    /// Commits a page of the list holds.
    public static let commitsPerPage = 30
    /// The most pages one list shows: "Show More" stops there (300 commits; GitHub has the rest).
    public static let maximumCommitPages = 10

    /// The commits of `ref` (nil: the default branch) on pages 1 through `pages`, asked at once,
    /// so the list a "Show More" link opens holds what was shown before it (the earlier pages are
    /// 304s, which cost no rate limit) and works without a script.
    public func commitsPage(owner: String, name: String, ref: String?, pages: Int) async throws -> CommitsPage {
        let pages = min(max(pages, 1), Self.maximumCommitPages)
        async let repository = Loadable { try await getRepository(owner: owner, name: name) }
        let commits = try await Loadable {
            try await withThrowingTaskGroup(of: (Int, [CommitSummary]).self) { group in
                for page in 1...pages {
                    group.addTask {
                        (page, try await self.getCommits(owner: owner, name: name, ref: ref, page: page, perPage: Self.commitsPerPage))
                    }
                }
                var byPage: [Int: [CommitSummary]] = [:]
                for try await (page, commits) in group { byPage[page] = commits }
                return (1...pages).map { byPage[$0] ?? [] }
            }
        }
        return CommitsPage(repository: try await repository, pages: commits, pageCount: pages)
    }

    /// One commit, with the repository beside it.
    public func commitPage(owner: String, name: String, sha: String) async throws -> CommitPage {
        async let repository = Loadable { try await getRepository(owner: owner, name: name) }
        let commit = try await Loadable { try await getCommit(owner: owner, name: name, sha: sha) }
        return CommitPage(repository: try await repository, commit: commit)
    }
}

/// The list of commits as loaded: each page's commits, in order.
public struct CommitsPage: Sendable {
    public let repository: Loadable<RepositoryDetails>
    public let pages: Loadable<[[CommitSummary]]>
    /// How many pages were asked.
    public let pageCount: Int

    public init(repository: Loadable<RepositoryDetails>, pages: Loadable<[[CommitSummary]]>, pageCount: Int) {
        self.repository = repository
        self.pages = pages
        self.pageCount = pageCount
    }

    /// Every commit shown, newest first.
    public var commits: Loadable<[CommitSummary]> {
        switch pages {
        case .loading: .loading
        case .loaded(let pages): .loaded(pages.flatMap { $0 })
        case .failed(let failure): .failed(failure)
        }
    }

    /// Whether GitHub may have more: the last page asked came back full.
    public var lastPageIsFull: Bool {
        guard case .loaded(let pages) = pages, let last = pages.last else { return false }
        return last.count >= GitHubService.commitsPerPage
    }

    /// Whether "Show More" can ask for another page: GitHub may have more, and the list may grow.
    public var hasMore: Bool {
        lastPageIsFull && pageCount < GitHubService.maximumCommitPages
    }

    public var signInNeeded: GitHubFailure? { .signInNeeded(repository.signInNeeded, pages.signInNeeded) }
}

/// One commit's screen as loaded.
public struct CommitPage: Sendable {
    public let repository: Loadable<RepositoryDetails>
    public let commit: Loadable<CommitDetails>

    public init(repository: Loadable<RepositoryDetails>, commit: Loadable<CommitDetails>) {
        self.repository = repository
        self.commit = commit
    }

    public var signInNeeded: GitHubFailure? { .signInNeeded(repository.signInNeeded, commit.signInNeeded) }
}
