import WebShell

/// Every route of the GitHub app, declared once: the controller registers these, the views link to them.
enum GitHubPath {
    /// The list (GH-2), or sign-in when no token is kept.
    static let list = Route("/github")
    /// Sign-in (GET), and where its form posts (POST).
    static let signIn = Route("/github", "sign-in")
    static let signOut = Route("/github", "sign-out")
    /// "Sign in with GitHub" (issue 49): the code's page (GET), and where starting one posts.
    static let device = Route("/github", "sign-in/device")
    /// Where the code's page asks whether GitHub has granted the token yet (POST).
    static let deviceCheck = Route("/github", "sign-in/device/check")
    static let repository = Route("/github", "repositories/{id}")
    static let languages = Route("/github", "languages.css")
    /// The code view's token colours (issue 49), CodeHighlighting's `HighlightStylesheet.css`.
    static let highlight = Route("/github", "highlight.css")
    /// A README image through the signed proxy (GH-3): `?url=<target>`.
    static let readmeImage = Route("/github", "readme-images/{signature}")

    // The code browser and the history (issue 49), of any repository by owner and name; the
    // ref (`?ref=`, a branch, tag or SHA; none: the default branch) and the path (`?path=`) are
    // query values, since both may hold `/`.
    /// A folder: `?ref=&path=`.
    static let code = Route("/github", "repos/{owner}/{name}/tree")
    /// A file: `?ref=&path=`, and `&view=code` for a Markdown file's source.
    static let file = Route("/github", "repos/{owner}/{name}/blob")
    /// The branch and tag picker: `?ref=` (the one shown).
    static let references = Route("/github", "repos/{owner}/{name}/refs")
    /// The commits of a ref: `?ref=&page=` (pages 1 through `page`).
    static let commits = Route("/github", "repos/{owner}/{name}/commits")
    /// One commit: `?ref=` (whose commits its back item returns to).
    static let commit = Route("/github", "repos/{owner}/{name}/commits/{sha}")

    // Issues, pull requests, search and stars (issue 49).
    /// A repository's issues (pull requests left out): `?state=closed&page=` (none: open, page 1).
    static let issues = Route("/github", "repos/{owner}/{name}/issues")
    /// A repository's pull requests: `?state=&page=`.
    static let pulls = Route("/github", "repos/{owner}/{name}/pulls")
    /// One issue, or a pull request through the issues endpoint; its back item returns to the issues.
    static let issue = Route("/github", "repos/{owner}/{name}/issues/{number}")
    /// One pull request: the same screen, its back item returning to the pull requests.
    static let pull = Route("/github", "repos/{owner}/{name}/pulls/{number}")
    /// The label colours a page shows: `?c=rrggbb,rrggbb`.
    static let labels = Route("/github", "labels.css")
    /// Searching GitHub's repositories: `?q=` as typed.
    static let search = Route("/github", "search")
    /// Where a repository's Star / Unstar form posts.
    static let star = Route("/github", "repositories/{id}/star")

    /// Sign-in, saying why the person was sent there (a refused or missing token).
    static func signIn(reason: SignInReason?) -> String {
        signIn.link(query: ["reason": reason?.rawValue])
    }
}

/// Why a screen sent the person back to sign-in, as a word in the URL.
enum SignInReason: String {
    case signedOut
    case badCredentials
}
