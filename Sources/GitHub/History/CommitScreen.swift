import Foundation
import Localization

/// One commit (issue 49): its whole message, author and date, the totals, and each file it
/// changed with its status and counts and, for a text file whose diff is within the bounds, the
/// diff as lines to colour. A pure value the web face draws.
public struct CommitScreen: Sendable, Hashable {
    public struct FileChange: Sendable, Hashable {
        public let filename: String
        /// "Renamed from old.swift"; nil unless renamed or copied.
        public let previousNote: String?
        public let status: ChangedFile.Status
        /// "Modified".
        public let statusText: String
        public let additions: Int
        public let deletions: Int
        /// "12 additions, 3 deletions", for screen readers.
        public let countsLabel: String
        public let diff: Diff
        /// "Changes in main.swift": the diff block's accessible name.
        public let diffLabel: String
    }

    public enum Diff: Sendable, Hashable {
        case lines([DiffLine])
        /// Why no diff is shown: binary, none sent, or over the bounds.
        case notShown(String)
    }

    public struct Details: Sendable, Hashable {
        public let headline: String
        /// The message's other lines; empty when none.
        public let body: String
        public let author: String
        /// "3 days ago".
        public let dateText: String
        public let sha: String
        /// "3 files changed".
        public let filesTitle: String
        public let additions: Int
        public let deletions: Int
        public let countsLabel: String
        public let files: [FileChange]
        public let webLink: CodeFileScreen.Link
    }

    public enum Content: Sendable, Hashable {
        case loading(String)
        case loaded(Details)
        case failed(FailureNotice)
    }

    /// A patch longer than this many bytes is not shown (GitHub itself stops at about 3,000 lines).
    public static let maximumPatchBytes = 100_000
    /// Nor is one once the commit's shown patches reach this many bytes.
    public static let maximumTotalPatchBytes = 1_000_000

    /// The repository and the ref whose commits the back item returns to.
    public let location: CodeLocation
    /// The commit asked for, as asked (whole or shortened).
    public let sha: String
    /// "Commit a1b2c3d".
    public let title: String
    public let back: CodeBack
    public let content: Content

    public init(location: CodeLocation, sha: String, page: CommitPage, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        self.location = location
        self.sha = sha
        title = catalogue.text("github.commit.title", ["sha": String(sha.prefix(7))])
        back = CodeBack(title: catalogue.text("github.commits.title"), destination: .commits(location))
        switch (page.repository, page.commit) {
        case (.failed(let failure), _), (_, .failed(let failure)):
            content = .failed(
                FailureNotice(failure, titleKey: "github.commit.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now,
                              notFoundKey: "github.failure.notFoundCommit"))
        case (.loading, _), (_, .loading):
            content = .loading(catalogue.text("github.commit.loading"))
        case (.loaded, .loaded(let commit)):
            content = .loaded(Self.details(commit, location: location, catalogue: catalogue, timeZone: timeZone, now: now))
        }
    }

    private static func details(
        _ commit: CommitDetails, location: CodeLocation, catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) -> Details {
        let summary = commit.summary
        var budget = maximumTotalPatchBytes
        let files = commit.files.map { file in
            let diff = Self.diff(file, budget: &budget, catalogue: catalogue)
            return FileChange(
                filename: file.filename,
                previousNote: file.previousFilename.flatMap { previous in
                    file.status == .renamed || file.status == .copied
                        ? catalogue.text("github.commit.\(file.status.rawValue)From", ["name": previous]) : nil
                },
                status: file.status, statusText: catalogue.text("github.commit.status.\(file.status.rawValue)"),
                additions: file.additions, deletions: file.deletions,
                countsLabel: countsLabel(file.additions, file.deletions, catalogue: catalogue), diff: diff,
                diffLabel: catalogue.text("github.commit.diffLabel", ["name": file.filename]))
        }
        return Details(
            headline: summary.headline, body: summary.body, author: summary.author ?? catalogue.text("github.commits.unknownAuthor"),
            dateText: UpdatedText.text(updatedAt: summary.date, now: now, dates: DateText(catalogue: catalogue, timeZone: timeZone), keys: "github.ago"),
            sha: summary.sha, filesTitle: catalogue.plural("github.commit.files", count: commit.files.count),
            additions: commit.additions, deletions: commit.deletions,
            countsLabel: countsLabel(commit.additions, commit.deletions, catalogue: catalogue), files: files,
            webLink: CodeFileScreen.Link(
                title: catalogue.text("github.detail.openOnGitHub"),
                url: GitHubWebAddress.page(
                    htmlURL: summary.htmlURL, owner: location.owner, name: location.name, kind: "commit", rest: [summary.sha])))
    }

    /// The file's diff while the patch and the commit's running `budget` allow it.
    private static func diff(_ file: ChangedFile, budget: inout Int, catalogue: Catalogue) -> Diff {
        guard let patch = file.patch, !patch.isEmpty else { return .notShown(catalogue.text("github.commit.noDiff")) }
        let bytes = patch.utf8.count
        guard bytes <= maximumPatchBytes, bytes <= budget else { return .notShown(catalogue.text("github.commit.diffTooLarge")) }
        budget -= bytes
        return .lines(DiffLines.parse(patch))
    }

    private static func countsLabel(_ additions: Int, _ deletions: Int, catalogue: Catalogue) -> String {
        catalogue.plural("github.commit.additions", count: additions) + ", " + catalogue.plural("github.commit.deletions", count: deletions)
    }
}
