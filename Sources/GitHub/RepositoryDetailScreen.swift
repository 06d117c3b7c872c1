import Foundation
import Localization

/// What the repository detail screen shows (GH-3, GH-4, GH-7): forks, stars and watchers; a link
/// to the repository's web page; its licence; its README. The list hands over the `Repository`
/// (GH-9), so the title shows while the rest loads. A pure value the web face draws.
public struct RepositoryDetailScreen: Sendable, Hashable {
    public struct Link: Sendable, Hashable {
        public let title: String
        public let url: URL
    }

    /// One number: forks, stars or watchers.
    public struct Stat: Sendable, Hashable {
        public enum Kind: String, Sendable, Hashable, CaseIterable {
            case forks, stars, watchers
        }

        public let kind: Kind
        /// "Forks".
        public let label: String
        /// `1,234`, grouped the language's way.
        public let value: String
        /// "1,234 forks", for screen readers.
        public let accessibilityLabel: String
        public let count: Int
    }

    public struct Details: Sendable, Hashable {
        public let fullName: String
        public let description: String?
        /// "Open on GitHub", to the repository's page (GH-3).
        public let webLink: Link
        /// "License".
        public let licenseLabel: String
        /// GitHub's name of the licence, "Other license" for one it cannot identify, or "No license".
        public let licenseText: String
        public let hasLicense: Bool
        /// Forks, stars, watchers, in that order.
        public let stats: [Stat]
        public let updatedText: String
        public let details: RepositoryDetails
    }

    public enum Content: Sendable, Hashable {
        case loading(String)
        case loaded(Details)
        case failed(FailureNotice)
    }

    public enum ReadmeSection: Sendable, Hashable {
        case loading(String)
        /// The repository has no README: the sentence saying so.
        case none(String)
        /// The Markdown source and where the file lives; the web face renders it safely.
        case markdown(String, path: String)
        case failed(FailureNotice)
    }

    /// The repository's name; the list's title for the back button.
    public let title: String
    public let backTitle: String
    public let readmeTitle: String
    public let content: Content
    public let readme: ReadmeSection

    /// - Parameters:
    ///   - repository: the row the list handed over; nil when the screen was opened by its id alone.
    ///   - details: what `GitHubService.getRepository(id:)` gave, or how it failed.
    ///   - readme: what `getRepositoryReadme(owner:repository:branch:)` gave (nil: there is none).
    ///   - timeZone: the person's, for dates and rate-limit times.
    ///   - now: the current time (injected).
    public init(
        repository: Repository?, details: Loadable<RepositoryDetails>, readme: Loadable<Readme?>,
        catalogue: Catalogue, timeZone: TimeZone, now: Date
    ) {
        backTitle = catalogue.text("github.list.title")
        readmeTitle = catalogue.text("github.detail.readme.title")
        switch details {
        case .loading:
            title = repository?.name ?? ""
            content = .loading(catalogue.text("github.detail.loading"))
        case .loaded(let loaded):
            title = loaded.name
            content = .loaded(Self.details(loaded, catalogue: catalogue, timeZone: timeZone, now: now))
        case .failed(let failure):
            title = repository?.name ?? ""
            content = .failed(
                FailureNotice(failure, titleKey: "github.detail.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        }
        switch readme {
        case .loading:
            self.readme = .loading(catalogue.text("github.detail.readme.loading"))
        case .loaded(nil):
            self.readme = .none(catalogue.text("github.detail.readme.none"))
        case .loaded(let file?):
            self.readme = .markdown(file.text, path: file.path)
        case .failed(let failure):
            self.readme = .failed(
                FailureNotice(
                    failure, titleKey: "github.detail.readme.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now))
        }
    }

    private static func details(_ details: RepositoryDetails, catalogue: Catalogue, timeZone: TimeZone, now: Date) -> Details {
        let licenseText: String =
            switch details.license {
            case nil: catalogue.text("github.detail.license.none")
            case let license? where license.isIdentified: license.name
            case .some: catalogue.text("github.detail.license.other")
            }
        let counts: [(Stat.Kind, Int)] = [
            (.forks, details.forksCount), (.stars, details.stargazersCount), (.watchers, details.watchersCount),
        ]
        let stats = counts.map { kind, count in
            let value = NumberText.format(count, language: catalogue.language)
            return Stat(
                kind: kind, label: catalogue.text("github.detail.stats.\(kind.rawValue)"), value: value,
                accessibilityLabel: catalogue.plural("github.count.\(kind.rawValue)", count: count, ["number": value]),
                count: count)
        }
        let repository = details.repository
        return Details(
            fullName: repository.fullName,
            description: repository.description.flatMap { $0.isEmpty ? nil : $0 },
            webLink: Link(
                title: catalogue.text("github.detail.openOnGitHub"),
                url: GitHubWebAddress.repositoryPage(htmlURL: repository.htmlURL, owner: repository.ownerLogin, name: repository.name)),
            licenseLabel: catalogue.text("github.detail.license.label"),
            licenseText: licenseText,
            hasLicense: details.license != nil,
            stats: stats,
            updatedText: UpdatedText.text(
                updatedAt: repository.updatedAt, now: now, dates: DateText(catalogue: catalogue, timeZone: timeZone)),
            details: details)
    }
}
