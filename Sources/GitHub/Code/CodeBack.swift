import Localization

/// Where a code or history screen's back item leads, and the title it shows (issue 49): the
/// breadcrumbs of the navigation bar. A folder's back item is its parent folder, named as that
/// screen is titled; the root's is the repository's screen; a file's is its folder.
public struct CodeBack: Sendable, Hashable {
    public enum Destination: Sendable, Hashable {
        /// The repository's screen (by the id GitHub gave).
        case repository(id: Int)
        /// The repository list, when the repository itself did not load.
        case list
        /// A folder of the code browser.
        case folder(CodeLocation)
        /// The commits of a ref of a repository.
        case commits(CodeLocation)
        /// The open issues or pull requests of a repository.
        case issues(CodeLocation, IssueListKind)
    }

    public let title: String
    public let destination: Destination

    public init(title: String, destination: Destination) {
        self.title = title
        self.destination = destination
    }

    /// The repository's screen, titled with its name; the list when the repository failed.
    static func repository(_ repository: Loadable<RepositoryDetails>, catalogue: Catalogue) -> CodeBack {
        if case .loaded(let details) = repository {
            return CodeBack(title: details.name, destination: .repository(id: details.id))
        }
        return CodeBack(title: catalogue.text("github.list.title"), destination: .list)
    }

    /// The folder `location` is in: titled as the folder's screen is ("Code" at the root).
    static func folder(of location: CodeLocation, repository: Loadable<RepositoryDetails>, catalogue: Catalogue) -> CodeBack {
        guard let parent = location.parent else { return .repository(repository, catalogue: catalogue) }
        return CodeBack(title: CodeTreeScreen.title(of: parent, catalogue: catalogue), destination: .folder(parent))
    }
}
