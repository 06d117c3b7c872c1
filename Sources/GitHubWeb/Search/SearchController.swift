import Devices
import Foundation
import GitHub
import Hummingbird
import WebShell

/// `/github/search?q=` (issue 49): GitHub's repository search, the query passed through as typed.
struct SearchController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(GitHubPath.search, use: search)
    }

    struct Query: Decodable {
        var q: String?
    }

    /// The results of `?q=`; the bare field without one. A query over the length GitHub takes is
    /// answered as GitHub would (invalid) without asking.
    @Sendable func search(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = try request.uri.decodeQuery(as: Query.self, context: context).q ?? ""
        let service = GitHubService(api: api, storage: storage(context.device))
        guard try await service.isSignedIn else { return SeeOther(GitHubPath.signIn(reason: nil)).response(from: request, context: context) }
        let results: Loadable<RepositorySearch>? =
            query.count > RepositorySearchForm.maximumQueryLength ? .failed(.server(status: 422)) : try await service.searchPage(query: query)
        if case .failed(let failure)? = results, let away = GitHubAnswers.signIn(after: failure) {
            return away.response(from: request, context: context)
        }
        let page = shell.page(context)
        let screen = RepositorySearchScreen(query: query, results: results, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        let status: HTTPResponse.Status = switch screen.content {
        case .failed(let notice, _): GitHubAnswers.status(for: notice.failure)
        case .invalid: .unprocessableContent
        default: .ok
        }
        return RepositorySearchView(screen: screen).page(page, status: status).response(from: request, context: context)
    }
}
