import Foundation
import Localization

/// Searching GitHub's repositories from the list's search field (issue 49): the query as typed,
/// GitHub's qualifiers (`language:swift`, `stars:>100`, `user:octo`) passed through; the results
/// as the list's rows, opening in the same viewer; no match, a query GitHub cannot run (422), and
/// search's own, lower rate limit each explained. A pure value the web face draws.
public struct RepositorySearchScreen: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// No query yet: what to type.
        case prompt(String)
        case loading(String)
        /// "1,234 repositories", the rows, and a note when GitHub stopped looking early.
        case loaded(caption: String, rows: [RepositoryListScreen.Row], note: String?)
        case empty(title: String, message: String)
        /// GitHub cannot run the query (422): a qualifier it does not know, or nothing to search.
        case invalid(title: String, message: String)
        /// `note` says more than the failure alone: search's own rate limit.
        case failed(FailureNotice, note: String?)
    }

    public let query: String
    public let title: String
    public let fieldLabel: String
    public let placeholder: String
    public let buttonTitle: String
    public let content: Content

    /// - Parameter results: nil when no query was asked.
    public init(query: String, results: Loadable<RepositorySearch>?, catalogue: Catalogue, timeZone: TimeZone, now: Date) {
        self.query = query
        title = catalogue.text("github.search.title")
        fieldLabel = catalogue.text("github.search.field")
        placeholder = catalogue.text("github.search.placeholder")
        buttonTitle = catalogue.text("github.search.button")
        switch results {
        case nil:
            content = .prompt(catalogue.text("github.search.prompt"))
        case .loading:
            content = .loading(catalogue.text("github.search.loading"))
        case .loaded(let search) where search.items.isEmpty:
            content = .empty(title: catalogue.text("github.search.emptyTitle"), message: catalogue.text("github.search.empty", ["query": query]))
        case .loaded(let search):
            let dates = DateText(catalogue: catalogue, timeZone: timeZone)
            content = .loaded(
                caption: catalogue.plural(
                    "github.search.count", count: search.totalCount, ["number": NumberText.format(search.totalCount, language: catalogue.language)]),
                rows: search.items.map { RepositoryListScreen.row($0, catalogue: catalogue, dates: dates, now: now) },
                note: search.isIncomplete ? catalogue.text("github.search.incomplete") : nil)
        case .failed(.server(status: 422)):
            content = .invalid(title: catalogue.text("github.search.invalidTitle"), message: catalogue.text("github.search.invalid"))
        case .failed(let failure):
            var note: String?
            if case .rateLimited = failure { note = catalogue.text("github.search.rateLimited") }
            content = .failed(
                FailureNotice(failure, titleKey: "github.search.failedTitle", catalogue: catalogue, timeZone: timeZone, now: now), note: note)
        }
    }
}

extension GitHubService {
    /// The results of `query` (trimmed), or nil for a blank one: nothing is asked.
    public func searchPage(query: String) async throws -> Loadable<RepositorySearch>? {
        let query = query.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !query.isEmpty else { return nil }
        return try await Loadable { try await searchRepositories(query) }
    }
}
