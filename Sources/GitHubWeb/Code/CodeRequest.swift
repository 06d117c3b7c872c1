import Foundation
import GitHub
import Hummingbird
import WebShell

/// What the code and history screens read from a request (issue 49): the repository from the
/// path (`{owner}`, `{name}`, percent-decoded), the ref and path from the query, and how a file
/// is shown or how many pages of commits. Anything GitHub could not name is a 404, before GitHub
/// is asked.
struct CodeRequest {
    /// The query, as the screens' links write it.
    struct Query: Decodable {
        var ref: String?
        var path: String?
        /// `code`: a Markdown file's source.
        var view: String?
        /// How many pages of commits (1 when absent or not a number in range).
        var page: String?
    }

    let location: CodeLocation
    let query: Query

    init(_ request: Request, context: AppRequestContext) throws {
        query = try request.uri.decodeQuery(as: Query.self, context: context)
        guard let owner = Self.parameter("owner", context), let name = Self.parameter("name", context),
              let location = CodeLocation(owner: owner, name: name, ref: query.ref, path: query.path ?? "")
        else { throw HTTPError(.notFound) }
        self.location = location
    }

    /// The file view asked for: `.code` for `view=code`, else nil (the file's own default).
    var fileView: CodeFileScreen.View? {
        query.view.flatMap(CodeFileScreen.View.init(rawValue:))
    }

    /// Pages 1 through this many of commits.
    var pages: Int {
        query.page.flatMap { RequestNumber.parse($0, in: 1...GitHubService.maximumCommitPages) } ?? 1
    }

    /// A path parameter, percent-decoded; nil when it does not decode.
    static func parameter(_ name: String, _ context: AppRequestContext) -> String? {
        context.parameters.get(name)?.removingPercentEncoding
    }
}
