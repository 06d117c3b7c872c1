import Foundation
import HTTPTypes
import Hummingbird
import LoopbackSupport

/// The stand-in's issues, search and star endpoints (issue 49), in GitHub's documented shapes
/// (API version 2022-11-28): `GET /repos/{owner}/{repo}/issues?state=&per_page=&page=` (pull
/// requests among the issues, marked by a `pull_request` key), `/pulls?state=` (pull request
/// objects, no `comments`), `/issues/{number}` and `/issues/{number}/comments`;
/// `GET /search/repositories?q=` (`total_count`, `incomplete_results`, `items`; 422 "Validation
/// Failed" for a qualifier GitHub does not know); `GET`, `PUT` and `DELETE /user/starred/{owner}/{repo}`
/// (204, or 404 when not starred or when the token may not star).
extension GitHubStandIn {
    /// An issue or pull request of a fixture.
    struct IssueFixture: Sendable {
        var number: Int
        var title: String
        var isOpen = true
        var login: String?
        /// `(name, color)`.
        var labels: [(name: String, color: String)] = []
        var body: String?
        var isPullRequest = false
        /// `(login, body)`, oldest first.
        var comments: [(login: String?, body: String)] = []
        var createdAt = "2025-01-10T08:00:00Z"
    }

    /// The qualifiers the stand-in's search knows; any other `word:value` is GitHub's 422.
    static let searchQualifiers: Set<String> = ["in", "user", "org", "language", "stars", "forks", "size", "topic", "is", "fork", "pushed", "created", "license", "archived"]

    static func addIssueRoutes(to router: Router<BasicRequestContext>, _ reference: StandInReference<GitHubStandIn>) {
        router.get("/repos/:owner/:repo/issues") { request, context in
            let (owner, repo) = issueNames(context)
            return try await reference.value.answer(request) { $0.issueList($1, owner, repo, pulls: false, request) }
        }
        router.get("/repos/:owner/:repo/pulls") { request, context in
            let (owner, repo) = issueNames(context)
            return try await reference.value.answer(request) { $0.issueList($1, owner, repo, pulls: true, request) }
        }
        router.get("/repos/:owner/:repo/issues/:number") { request, context in
            let (owner, repo) = issueNames(context)
            let number = Int(context.parameters.get("number") ?? "") ?? 0
            return try await reference.value.answer(request) { standIn, account in
                standIn.issue(account, owner, repo, number).map { Answer(status: .ok, json: $0) } ?? notFound
            }
        }
        router.get("/repos/:owner/:repo/issues/:number/comments") { request, context in
            let (owner, repo) = issueNames(context)
            let number = Int(context.parameters.get("number") ?? "") ?? 0
            return try await reference.value.answer(request) { $0.comments($1, owner, repo, number, request) }
        }
        router.get("/search/repositories") { request, _ in
            try await reference.value.answer(request) { $0.search($1, request) }
        }
        router.get("/user/starred/:owner/:repo") { request, context in
            let (owner, repo) = issueNames(context)
            return try await reference.value.answer(request) { _, account in
                account.starred.contains("\(owner)/\(repo)") ? Answer(status: .noContent, json: [:]) : notFound
            }
        }
        for method in [HTTPRequest.Method.put, .delete] {
            router.on("/user/starred/:owner/:repo", method: method) { request, context in
                let (owner, repo) = issueNames(context)
                return try await reference.value.answer(request) { standIn, account in
                    guard account.mayStar, account.repositories.contains(where: { "\($0.owner)/\($0.name)" == "\(owner)/\(repo)" }) else {
                        return notFound
                    }
                    standIn.updateAccount(login: account.login) { changed in
                        if method == .put { changed.starred.insert("\(owner)/\(repo)") } else { changed.starred.remove("\(owner)/\(repo)") }
                    }
                    return Answer(status: .noContent, json: [:])
                }
            }
        }
    }

    private static func issueNames(_ context: BasicRequestContext) -> (String, String) {
        let decode = { (text: String?) in text.map { $0.removingPercentEncoding ?? $0 } ?? "" }
        return (decode(context.parameters.get("owner")), decode(context.parameters.get("repo")))
    }

    private static func issueQuery(_ request: Request, _ name: String) -> String? {
        request.uri.queryParameters[name[...]].map { String($0).removingPercentEncoding ?? String($0) }
    }

    func issueList(_ account: Account, _ owner: String, _ repo: String, pulls: Bool, _ request: Request) -> Answer {
        guard let repository = fixture(account, owner, repo) else { return Self.notFound }
        let open = (Self.issueQuery(request, "state") ?? "open") != "closed"
        let perPage = min(max(Int(Self.issueQuery(request, "per_page") ?? "") ?? 30, 1), 100)
        let page = max(Int(Self.issueQuery(request, "page") ?? "") ?? 1, 1)
        let chosen = repository.issues.filter { $0.isOpen == open && (!pulls || $0.isPullRequest) }.dropFirst((page - 1) * perPage).prefix(perPage)
        return Answer(status: .ok, json: chosen.map { pulls ? pullJSON(repository, $0) : issueJSON(repository, $0) })
    }

    func issue(_ account: Account, _ owner: String, _ repo: String, _ number: Int) -> [String: Any]? {
        guard let repository = fixture(account, owner, repo), let found = repository.issues.first(where: { $0.number == number }) else { return nil }
        return issueJSON(repository, found)
    }

    func comments(_ account: Account, _ owner: String, _ repo: String, _ number: Int, _ request: Request) -> Answer {
        guard let repository = fixture(account, owner, repo), let found = repository.issues.first(where: { $0.number == number }) else {
            return Self.notFound
        }
        let perPage = min(max(Int(Self.issueQuery(request, "per_page") ?? "") ?? 30, 1), 100)
        let api = "https://api.github.com/repos/\(repository.owner)/\(repository.name)"
        return Answer(status: .ok, json: found.comments.prefix(perPage).enumerated().map { index, comment -> [String: Any] in
            let id = number * 1000 + index
            return [
                "id": id, "node_id": "IC_\(id)", "url": "\(api)/issues/comments/\(id)",
                "html_url": "https://github.com/\(repository.owner)/\(repository.name)/issues/\(number)#issuecomment-\(id)",
                "body": comment.body, "user": user(comment.login), "created_at": found.createdAt, "updated_at": found.createdAt,
                "issue_url": "\(api)/issues/\(number)", "author_association": "OWNER",
            ]
        })
    }

    func search(_ account: Account, _ request: Request) -> Answer {
        let query = Self.issueQuery(request, "q") ?? ""
        let words = query.split(separator: " ")
        let qualifiers = words.compactMap { word in word.firstIndex(of: ":").map { String(word[..<$0]) } }
        guard !words.isEmpty, qualifiers.allSatisfy({ Self.searchQualifiers.contains($0.lowercased()) }) else {
            return Answer(status: .unprocessableContent, json: [
                "message": "Validation Failed", "errors": [["resource": "Search", "field": "q", "code": "invalid"]],
                "documentation_url": "https://docs.github.com/v3/search/", "status": "422",
            ])
        }
        let terms = words.filter { !$0.contains(":") }.map { $0.lowercased() }
        let language = words.first { $0.lowercased().hasPrefix("language:") }.map { $0.dropFirst("language:".count).lowercased() }
        let found = account.repositories.filter { repository in
            terms.allSatisfy { repository.name.lowercased().contains($0) || (repository.description ?? "").lowercased().contains($0) }
                && (language == nil || repository.language?.lowercased() == language)
        }
        let perPage = min(max(Int(Self.issueQuery(request, "per_page") ?? "") ?? 30, 1), 100)
        return Answer(status: .ok, json: [
            "total_count": found.count, "incomplete_results": false,
            "items": found.prefix(perPage).map { Self.repositoryJSON($0, full: false).merging(["score": 1.0]) { $1 } },
        ])
    }

    private func user(_ login: String?) -> Any {
        guard let login else { return NSNull() }
        return ["login": login, "id": 1, "node_id": "U_1", "avatar_url": "https://avatars.githubusercontent.com/u/1?v=4",
                "html_url": "https://github.com/\(login)", "type": "User", "site_admin": false] as [String: Any]
    }

    private func labelsJSON(_ issue: IssueFixture) -> [[String: Any]] {
        issue.labels.enumerated().map { index, label in
            ["id": index + 1, "node_id": "LA_\(index)", "url": "https://api.github.com/labels/\(index)", "name": label.name,
             "color": label.color, "default": false, "description": NSNull()]
        }
    }

    private func issueJSON(_ repository: RepositoryFixture, _ issue: IssueFixture) -> [String: Any] {
        let full = "\(repository.owner)/\(repository.name)"
        var object: [String: Any] = [
            "id": issue.number * 10, "node_id": "I_\(issue.number)", "url": "https://api.github.com/repos/\(full)/issues/\(issue.number)",
            "html_url": "https://github.com/\(full)/\(issue.isPullRequest ? "pull" : "issues")/\(issue.number)", "number": issue.number,
            "state": issue.isOpen ? "open" : "closed", "title": issue.title, "body": issue.body.map { $0 as Any } ?? NSNull(),
            "user": user(issue.login), "labels": labelsJSON(issue), "assignee": NSNull(), "assignees": [], "milestone": NSNull(),
            "locked": false, "comments": issue.comments.count, "created_at": issue.createdAt, "updated_at": issue.createdAt,
            "closed_at": issue.isOpen ? NSNull() : issue.createdAt as Any, "author_association": "OWNER",
        ]
        if issue.isPullRequest {
            object["pull_request"] = [
                "url": "https://api.github.com/repos/\(full)/pulls/\(issue.number)", "html_url": "https://github.com/\(full)/pull/\(issue.number)",
                "diff_url": "https://github.com/\(full)/pull/\(issue.number).diff", "patch_url": "https://github.com/\(full)/pull/\(issue.number).patch",
                "merged_at": NSNull(),
            ]
        }
        return object
    }

    private func pullJSON(_ repository: RepositoryFixture, _ issue: IssueFixture) -> [String: Any] {
        let full = "\(repository.owner)/\(repository.name)"
        return [
            "id": issue.number * 10, "node_id": "PR_\(issue.number)", "url": "https://api.github.com/repos/\(full)/pulls/\(issue.number)",
            "html_url": "https://github.com/\(full)/pull/\(issue.number)", "number": issue.number, "state": issue.isOpen ? "open" : "closed",
            "locked": false, "title": issue.title, "user": user(issue.login), "body": issue.body.map { $0 as Any } ?? NSNull(),
            "labels": labelsJSON(issue), "created_at": issue.createdAt, "updated_at": issue.createdAt, "draft": false,
            "head": ["label": "\(repository.owner):topic", "ref": "topic", "sha": Self.sha("head \(issue.number)")],
            "base": ["label": "\(repository.owner):\(repository.defaultBranch)", "ref": repository.defaultBranch, "sha": Self.sha("base")],
            "author_association": "OWNER",
        ]
    }
}
