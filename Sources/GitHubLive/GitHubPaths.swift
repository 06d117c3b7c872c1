import GitHub
import Upstream

/// The REST paths the client asks for (GH-10), with every caller-supplied piece percent-encoded:
/// path segments and the `ref` keep only RFC 3986's unreserved characters, so a `/`, `?`, `#` or
/// `%` in a name or a branch can never change which resource is asked for.
enum GitHubPaths {
    static let user = "/user"

    /// `/user/repos?sort=updated&per_page=<count>`, `count` clamped to GitHub's 1…100.
    static func repositories(count: Int) -> String {
        "/user/repos?sort=updated&per_page=\(min(max(count, 1), 100))"
    }

    static func repository(id: Int) -> String {
        "/repositories/\(id)"
    }

    /// `/repos/<owner>/<repo>/readme?ref=<branch>`; no `ref` for an empty branch (the default
    /// branch). An empty, `.` or `..` owner or repository names nothing on GitHub: `.notFound`,
    /// without a request.
    static func readme(owner: String, repository: String, branch: String) throws -> String {
        let path = "/repos/\(try segment(owner))/\(try segment(repository))/readme"
        return branch.isEmpty ? path : path + "?ref=" + encode(branch)
    }

    /// `/repos/<owner>/<repo>/git/trees/<branch>?recursive=1`: the branch (a name GitHub resolves
    /// like a SHA) as one encoded segment.
    static func tree(owner: String, repository: String, branch: String) throws -> String {
        "/repos/\(try segment(owner))/\(try segment(repository))/git/trees/\(try segment(branch))?recursive=1"
    }

    // MARK: Code and history (issue 49)

    /// `/repos/<owner>/<repo>`.
    static func repository(owner: String, name: String) throws -> String {
        "/repos/\(try segment(owner))/\(try segment(name))"
    }

    /// `/repos/<owner>/<repo>/contents/<path>?ref=<ref>`: each piece of the path encoded on its
    /// own (its `/` kept between them); no `ref` for nil (the default branch).
    static func contents(owner: String, repository: String, path: String, ref: String?) throws -> String {
        var base = try Self.repository(owner: owner, name: repository) + "/contents"
        if !path.isEmpty {
            base += "/" + (try path.split(separator: "/", omittingEmptySubsequences: false).map { try segment(String($0)) }.joined(separator: "/"))
        }
        return ref.map { base + "?ref=" + encode($0) } ?? base
    }

    /// `/repos/<owner>/<repo>/branches?per_page=<count>`, `count` clamped to GitHub's 1…100.
    static func branches(owner: String, repository: String, count: Int) throws -> String {
        try Self.repository(owner: owner, name: repository) + "/branches?per_page=\(clamped(count))"
    }

    /// `/repos/<owner>/<repo>/tags?per_page=<count>`.
    static func tags(owner: String, repository: String, count: Int) throws -> String {
        try Self.repository(owner: owner, name: repository) + "/tags?per_page=\(clamped(count))"
    }

    /// `/repos/<owner>/<repo>/commits?sha=<ref>&per_page=<n>&page=<p>`; no `sha` for nil.
    static func commits(owner: String, repository: String, ref: String?, page: Int, perPage: Int) throws -> String {
        let query = (ref.map { ["sha=" + encode($0)] } ?? []) + ["per_page=\(clamped(perPage))", "page=\(max(page, 1))"]
        return try Self.repository(owner: owner, name: repository) + "/commits?" + query.joined(separator: "&")
    }

    /// `/repos/<owner>/<repo>/commits/<sha>`.
    static func commit(owner: String, repository: String, sha: String) throws -> String {
        try Self.repository(owner: owner, name: repository) + "/commits/" + segment(sha)
    }

    // MARK: Issues, pull requests, search and stars (issue 49)

    /// `/repos/<owner>/<repo>/issues?state=<state>&per_page=<n>&page=<p>` (`kind` `.pulls`: `/pulls`).
    static func issues(owner: String, repository: String, kind: IssueListKind, state: IssueState, page: Int, perPage: Int) throws -> String {
        try Self.repository(owner: owner, name: repository) + "/\(kind.rawValue)?state=\(state.rawValue)&per_page=\(clamped(perPage))&page=\(max(page, 1))"
    }

    /// `/repos/<owner>/<repo>/issues/<number>`.
    static func issue(owner: String, repository: String, number: Int) throws -> String {
        try Self.repository(owner: owner, name: repository) + "/issues/\(number)"
    }

    /// `/repos/<owner>/<repo>/issues/<number>/comments?per_page=<count>`.
    static func issueComments(owner: String, repository: String, number: Int, count: Int) throws -> String {
        try issue(owner: owner, repository: repository, number: number) + "/comments?per_page=\(clamped(count))"
    }

    /// `/search/repositories?q=<query>&per_page=<n>&page=<p>`: the query encoded whole, so its
    /// qualifiers (`stars:>100`, `user:octo`) reach GitHub as typed and nothing in it adds a parameter.
    static func searchRepositories(query: String, page: Int, perPage: Int) -> String {
        "/search/repositories?q=" + encode(query) + "&per_page=\(clamped(perPage))&page=\(max(page, 1))"
    }

    /// `/user/starred/<owner>/<repo>`.
    static func starred(owner: String, repository: String) throws -> String {
        "/user/starred/\(try segment(owner))/\(try segment(repository))"
    }

    private static func clamped(_ count: Int) -> Int {
        min(max(count, 1), 100)
    }

    static func segment(_ text: String) throws -> String {
        guard !text.isEmpty, text != ".", text != ".." else { throw UpstreamFailure.notFound }
        return encode(text)
    }

    /// `text` with every byte outside `A-Z a-z 0-9 - . _ ~` as `%XX`.
    static func encode(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            if isUnreserved(byte) {
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0x0F, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
            true
        default:
            false
        }
    }
}
