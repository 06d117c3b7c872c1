import Foundation
import Localization

/// What a folder of the code browser shows (issue 49): its entries, folders first, then files,
/// each group alphabetical; the branch or tag shown, which opens the picker; the way to the
/// commits. No last commit per entry: the contents API does not give it, and asking for it would
/// cost one request per entry. A pure value the web face draws.
public struct CodeTreeScreen: Sendable, Hashable {
    /// One entry's row.
    public struct Row: Sendable, Hashable {
        public let name: String
        public let kind: ContentEntry.Kind
        /// "Folder", "File": what the row's icon stands for, for screen readers.
        public let kindName: String
        /// A file's size (`1.2 KB`); nil for a folder, a link or a submodule.
        public let sizeText: String?
        /// Where the row leads in the code browser: the folder, or the file.
        public let location: CodeLocation
    }

    public typealias Content = ListContent<Row>

    /// The folder's README under its entries, as GitHub shows it inside a repository.
    public enum ReadmeSection: Sendable, Hashable {
        /// The file's name over it, and the file: its Markdown, and where it lives (for its
        /// relative links and pictures); the web face renders it through the README pipeline.
        case markdown(title: String, file: Readme)
        /// The README named in the listing did not load: its name, and why.
        case failed(title: String, FailureNotice)
    }

    public let location: CodeLocation
    /// The folder's name, or "Code" at the root.
    public let title: String
    public let back: CodeBack
    /// The branch or tag shown: the one asked for, else the default branch (once known).
    public let referenceName: String?
    /// "Branch or tag: main", the picker's accessible name.
    public let referenceLabel: String
    public let commitsTitle: String
    /// "Files", over the rows.
    public let filesTitle: String
    /// Under the rows when GitHub listed only its first 1,000 entries.
    public let truncationNote: String?
    public let content: Content
    /// Under the entries; nil when the folder has no README (or is the root, or did not list).
    public let readme: ReadmeSection?
    /// The repository's page on GitHub (its name and id when loaded).
    public let repository: RepositoryDetails?

    /// GitHub's contents API lists at most this many entries of a folder.
    public static let listingLimit = 1000

    public init(
        location: CodeLocation, repository: Loadable<RepositoryDetails>, contents: Loadable<RepositoryContents>,
        readme: Loadable<Readme?> = .loaded(nil), catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) {
        self.location = location
        title = Self.title(of: location, catalogue: catalogue)
        back = CodeBack.folder(of: location, repository: repository, catalogue: catalogue)
        if case .loaded(let details) = repository { self.repository = details } else { self.repository = nil }
        referenceName = location.ref ?? self.repository?.defaultBranch
        referenceLabel = catalogue.text("github.code.reference", ["name": referenceName ?? ""])
        commitsTitle = catalogue.text("github.commits.title")
        filesTitle = catalogue.text("github.code.files")
        var truncated = false
        switch (repository, contents) {
        case (.failed(let failure), _):
            content = .failed(
                FailureNotice(failure, titleKey: "github.code.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        case (_, .failed(let failure)):
            content = .failed(Self.notice(failure, catalogue: catalogue, timeZone: timeZone, now: now))
        case (_, .loading), (.loading, _):
            content = .loading(catalogue.text("github.code.loading"))
        case (.loaded, .loaded(.file)):
            content = .failed(Self.notice(.notFound, catalogue: catalogue, timeZone: timeZone, now: now))
        case (.loaded, .loaded(.folder(let entries))) where entries.isEmpty:
            content = .empty(catalogue.text("github.code.empty"))
        case (.loaded, .loaded(.folder(let entries))):
            truncated = entries.count >= Self.listingLimit
            content = .loaded(Self.sorted(entries).compactMap { Self.row($0, in: location, catalogue: catalogue) })
        }
        truncationNote = truncated
            ? catalogue.text("github.code.truncated", ["count": NumberText.format(Self.listingLimit, language: catalogue.language)]) : nil
        if case .loaded = content, case .loaded(.folder(let entries)) = contents, let entry = FolderReadme.entry(in: entries) {
            self.readme = Self.readmeSection(readme, name: entry.name, catalogue: catalogue, timeZone: timeZone, now: now)
        } else {
            self.readme = nil
        }
    }

    private static func readmeSection(
        _ readme: Loadable<Readme?>, name: String, catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) -> ReadmeSection? {
        switch readme {
        case .loading, .loaded(nil): nil
        case .loaded(let file?): .markdown(title: name, file: file)
        case .failed(let failure):
            .failed(
                title: name,
                FailureNotice(failure, titleKey: "github.detail.readme.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        }
    }

    /// "Code" at the root, else the folder's name: the title, and the back item of what it holds.
    public static func title(of location: CodeLocation, catalogue: Catalogue) -> String {
        location.isRoot ? catalogue.text("github.code.title") : location.lastComponent
    }

    /// Folders first, then everything else; within each, by name ignoring case (ties by the name as written).
    static func sorted(_ entries: [ContentEntry]) -> [ContentEntry] {
        entries.sorted { left, right in
            let (leftIsFolder, rightIsFolder) = (left.kind == .folder, right.kind == .folder)
            if leftIsFolder != rightIsFolder { return leftIsFolder }
            let (a, b) = (left.name.lowercased(), right.name.lowercased())
            return a != b ? a < b : left.name < right.name
        }
    }

    private static func row(_ entry: ContentEntry, in folder: CodeLocation, catalogue: Catalogue) -> Row? {
        guard let location = folder.at(entry.path) else { return nil }
        return Row(
            name: entry.name, kind: entry.kind, kindName: catalogue.text("github.code.kind.\(entry.kind.rawValue)"),
            sizeText: entry.kind == .file ? ByteCountText.text(entry.size, catalogue: catalogue) : nil, location: location)
    }

    /// A failure of the folder itself: a 404 is a path (or ref) GitHub does not know.
    static func notice(_ failure: GitHubFailure, catalogue: Catalogue, timeZone: TimeZone, now: Date) -> FailureNotice {
        FailureNotice(
            failure, titleKey: "github.code.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now,
            notFoundKey: "github.failure.notFoundPath")
    }
}
