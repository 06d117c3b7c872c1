import Foundation
import Localization

/// What the repository list shows (GH-2, GH-4, GH-7): loading, the rows, an empty list, or a
/// failure with a retry (or a way back to sign-in). A pure value the web face draws.
public struct RepositoryListScreen: Sendable, Hashable {
    /// One repository's row, like a row of GitHub's Repositories tab.
    public struct Row: Sendable, Hashable, Identifiable {
        public let id: Int
        public let name: String
        public let ownerLogin: String
        public let description: String?
        public let language: String?
        /// The language's linguist colour (`#rrggbb`); nil without a language.
        public let languageColor: String?
        /// The star count grouped the language's way: `1,234` / `1 234` / `1234`.
        public let starsText: String
        /// The same, spelled out for screen readers: "1,234 stars", "1 234 звезды".
        public let starsLabel: String
        /// "Private" for a private repository; nil for a public one.
        public let privateBadge: String?
        /// "Updated 3 days ago".
        public let updatedText: String
        /// What the list hands the detail screen (GH-9).
        public let repository: Repository
    }

    public enum Content: Sendable, Hashable {
        /// The activity indicator's label.
        case loading(String)
        case loaded([Row])
        /// The person has no repositories: a title and a sentence.
        case empty(title: String, message: String)
        case failed(FailureNotice)
    }

    public let title: String
    public let signOutTitle: String
    /// "Your 10 most recently updated repositories" over the rows; nil unless loaded.
    public let caption: String?
    public let content: Content

    /// - Parameters:
    ///   - repositories: what `GitHubService.getRepositories()` gave, or how it failed.
    ///   - timeZone: the person's, for "updated" dates and rate-limit times.
    ///   - now: the current time (injected).
    public init(repositories: Loadable<[Repository]>, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        title = catalogue.text("github.list.title")
        signOutTitle = catalogue.text("github.action.signOut")
        switch repositories {
        case .loading:
            caption = nil
            content = .loading(catalogue.text("github.list.loading"))
        case .loaded(let list) where list.isEmpty:
            caption = nil
            content = .empty(title: catalogue.text("github.list.emptyTitle"), message: catalogue.text("github.list.empty"))
        case .loaded(let list):
            let dates = DateText(catalogue: catalogue, timeZone: timeZone)
            caption = catalogue.plural("github.list.caption", count: list.count)
            content = .loaded(list.map { Self.row($0, catalogue: catalogue, dates: dates, now: now) })
        case .failed(let failure):
            caption = nil
            content = .failed(
                FailureNotice(failure, titleKey: "github.list.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        }
    }

    /// A repository's row: the list's, and the search results' (issue 49).
    static func row(_ repository: Repository, catalogue: Catalogue, dates: DateText, now: Date) -> Row {
        let stars = NumberText.format(repository.stargazersCount, language: catalogue.language)
        return Row(
            id: repository.id,
            name: repository.name,
            ownerLogin: repository.ownerLogin,
            description: repository.description.flatMap { $0.isEmpty ? nil : $0 },
            language: repository.language,
            languageColor: repository.language.map(LanguageColors.color(for:)),
            starsText: stars,
            starsLabel: catalogue.plural("github.count.stars", count: repository.stargazersCount, ["number": stars]),
            privateBadge: repository.isPrivate ? catalogue.text("github.list.private") : nil,
            updatedText: UpdatedText.text(updatedAt: repository.updatedAt, now: now, dates: dates),
            repository: repository)
    }
}
