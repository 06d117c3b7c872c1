import GitHub
import Hummingbird
import WebShell

/// What the issues' screens read from a request (issue 49): the repository from the path, the
/// state (`?state=closed`; anything else is open) and how many pages (`?page=`), and an item's
/// number. Anything GitHub could not name is a 404, before GitHub is asked.
struct IssueRequest {
    struct Query: Decodable {
        var state: String?
        var page: String?
    }

    let location: CodeLocation
    let state: IssueState
    let pages: Int

    init(_ request: Request, context: AppRequestContext) throws {
        let query = try request.uri.decodeQuery(as: Query.self, context: context)
        guard let owner = CodeRequest.parameter("owner", context), let name = CodeRequest.parameter("name", context),
              let location = CodeLocation(owner: owner, name: name)
        else { throw HTTPError(.notFound) }
        self.location = location
        state = query.state == IssueState.closed.rawValue ? .closed : .open
        pages = query.page.flatMap { RequestNumber.parse($0, in: 1...GitHubService.maximumIssuePages) } ?? 1
    }

    /// An issue's or pull request's number: 1 through GitHub's largest.
    static func number(_ context: AppRequestContext) throws -> Int {
        try context.pathNumber("number", in: 1...Int(Int32.max))
    }
}
