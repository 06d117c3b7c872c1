import Foundation
import Localization

/// The branch and tag picker (issue 49): the repository's branches (the default one first and
/// marked) and its tags, newest first, the one shown checked; each opens the code at its root.
public struct ReferencesScreen: Sendable, Hashable {
    public struct Row: Sendable, Hashable {
        public let name: String
        /// "Default", beside the default branch.
        public let badge: String?
        public let isCurrent: Bool
        /// The code at this branch or tag, at its root.
        public let location: CodeLocation
    }

    public enum Section: Sendable, Hashable {
        case loading(String)
        case loaded([Row])
        /// No branches, or no tags: the sentence saying so.
        case empty(String)
        case failed(FailureNotice)
    }

    public let title: String
    /// The code screen the picker was opened from, titled "Code".
    public let back: CodeBack
    public let branchesTitle: String
    public let tagsTitle: String
    public let branches: Section
    public let tags: Section
    /// Under a section that holds as many as GitHub was asked for (there may be more); else nil.
    public let branchesNote: String?
    public let tagsNote: String?

    /// - Parameter current: where the picker was opened from (its ref is the one checked).
    public init(
        current: CodeLocation, repository: Loadable<RepositoryDetails>, branches: Loadable<[GitReference]>,
        tags: Loadable<[GitReference]>, catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) {
        title = catalogue.text("github.references.title")
        let root = current.root(ref: current.ref) ?? current
        back = CodeBack(title: CodeTreeScreen.title(of: root, catalogue: catalogue), destination: .folder(root))
        branchesTitle = catalogue.text("github.references.branches")
        tagsTitle = catalogue.text("github.references.tags")
        let limitNote = catalogue.text(
            "github.references.limit", ["count": NumberText.format(GitHubService.referenceCount, language: catalogue.language)])
        func note(_ loadable: Loadable<[GitReference]>) -> String? {
            if case .loaded(let references) = loadable, references.count >= GitHubService.referenceCount { return limitNote }
            return nil
        }
        branchesNote = note(branches)
        tagsNote = note(tags)
        var defaultBranch: String?
        if case .loaded(let details) = repository { defaultBranch = details.defaultBranch }
        let shown = current.ref ?? defaultBranch
        func section(
            _ loadable: Loadable<[GitReference]>, emptyKey: String, marksDefault: Bool,
            ordered: ([GitReference]) -> [GitReference]
        ) -> Section {
            switch (repository, loadable) {
            case (.failed(let failure), _), (_, .failed(let failure)):
                return .failed(
                    FailureNotice(failure, titleKey: "github.references.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
            case (.loading, _), (_, .loading):
                return .loading(catalogue.text("github.references.loading"))
            case (.loaded, .loaded(let references)) where references.isEmpty:
                return .empty(catalogue.text(emptyKey))
            case (.loaded, .loaded(let references)):
                return .loaded(ordered(references).compactMap { reference in
                    current.root(ref: reference.name).map { location in
                        Row(
                            name: reference.name,
                            badge: marksDefault && reference.name == defaultBranch ? catalogue.text("github.references.default") : nil,
                            isCurrent: reference.name == shown, location: location)
                    }
                })
            }
        }
        self.branches = section(branches, emptyKey: "github.references.noBranches", marksDefault: true) { list in
            list.filter { $0.name == defaultBranch } + list.filter { $0.name != defaultBranch }
        }
        self.tags = section(tags, emptyKey: "github.references.noTags", marksDefault: false) { $0 }
    }
}
