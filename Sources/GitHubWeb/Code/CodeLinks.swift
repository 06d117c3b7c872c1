import GitHub

/// The addresses of the code browser's and the history's screens (issue 49), made from the
/// places the core names: every link of those screens comes from here.
enum CodeLinks {
    static func folder(_ location: CodeLocation) -> String {
        GitHubPath.code.link(location.owner, location.name, query: ["ref": location.ref, "path": nonEmpty(location.path)])
    }

    /// A file; `view` `.code` shows a Markdown file's source.
    static func file(_ location: CodeLocation, view: CodeFileScreen.View? = nil) -> String {
        GitHubPath.file.link(
            location.owner, location.name,
            query: ["ref": location.ref, "path": nonEmpty(location.path), "view": view == .code ? "code" : nil])
    }

    /// The folder or the file a listing's row opens.
    static func entry(_ row: CodeTreeScreen.Row) -> String {
        row.kind == .folder ? folder(row.location) : file(row.location)
    }

    static func references(_ location: CodeLocation) -> String {
        GitHubPath.references.link(location.owner, location.name, query: ["ref": location.ref])
    }

    /// Pages 1 through `pages` of the commits of the location's ref.
    static func commits(_ location: CodeLocation, pages: Int = 1) -> String {
        GitHubPath.commits.link(location.owner, location.name, query: ["ref": location.ref, "page": pages > 1 ? String(pages) : nil])
    }

    static func commit(_ location: CodeLocation, sha: String) -> String {
        GitHubPath.commit.link(location.owner, location.name, sha, query: ["ref": location.ref])
    }

    /// Pages 1 through `pages` of the repository's issues or pull requests in `state` (issue 49).
    static func issues(_ location: CodeLocation, kind: IssueListKind, state: IssueState = .open, pages: Int = 1) -> String {
        (kind == .issues ? GitHubPath.issues : GitHubPath.pulls).link(
            location.owner, location.name, query: ["state": state == .open ? nil : state.rawValue, "page": pages > 1 ? String(pages) : nil])
    }

    /// One issue, or one pull request (whose back item returns to the pull requests).
    static func issue(_ location: CodeLocation, kind: IssueListKind, number: Int) -> String {
        (kind == .issues ? GitHubPath.issue : GitHubPath.pull).link(location.owner, location.name, number)
    }

    /// Where a back item leads.
    static func back(_ back: CodeBack) -> String {
        switch back.destination {
        case .repository(let id): GitHubPath.repository.link(id)
        case .list: GitHubPath.list.path
        case .folder(let location): folder(location)
        case .commits(let location): commits(location)
        case .issues(let location, let kind): issues(location, kind: kind)
        }
    }

    private static func nonEmpty(_ text: String) -> String? {
        text.isEmpty ? nil : text
    }
}
