import Foundation
import GitHub

extension FakeGitHub {
    /// `octo/hello`'s issues and pull requests (issue 49), as the issues endpoint lists them,
    /// newest first: #1 an open issue with a bug label (dark: white text), a pale one (black text),
    /// one whose colour is not a colour, markup in its title and a body with a script and a
    /// picture, two comments (one by a deleted account); #2 an open pull request; #3 a closed issue;
    /// #4…#40 open issues without labels, so the open issues fill more than one page.
    public static func addOctoIssues(to state: inout State) {
        let opened = Date(timeIntervalSince1970: 1_763_800_000 - 86_400 * 2)
        let first = GitHubIssue(
            number: 1, title: "Crash on <launch> & more", authorLogin: "octo",
            labels: [
                IssueLabel(name: "bug", color: "d73a4a", description: "Something isn't working"),
                IssueLabel(name: "good first issue", color: "fef2c0"),
                IssueLabel(name: "hostile", color: "red;}body{background:url(x)"),
            ],
            commentCount: 2, createdAt: opened,
            body: "It crashes.\n\n<script>alert(1)</script>\n\n![Screenshot](https://example.com/shot.png)\n\nSee [the guide](docs/guide.md).",
            htmlURL: URL(string: "https://github.com/octo/hello/issues/1"))
        let pull = GitHubIssue(
            number: 2, title: "Add a <feature>", authorLogin: "hubot", labels: [IssueLabel(name: "enhancement", color: "a2eeef")],
            commentCount: 0, createdAt: opened, body: nil, isPullRequest: true)
        let closed = GitHubIssue(number: 3, title: "An old bug", isOpen: false, authorLogin: nil, commentCount: 0, createdAt: opened, body: "Fixed.")
        let more = (4...40).map { number in
            GitHubIssue(number: number, title: "GitHubIssue number \(number)", authorLogin: "octo", commentCount: number == 4 ? 1 : 0, createdAt: opened)
        }
        state.issues["octo/hello"] = [first, pull, closed] + more
        state.comments["octo/hello#1"] = [
            IssueComment(id: 11, authorLogin: "hubot", body: "Same here. <img src=x onerror=alert(1)> **bold**", createdAt: opened),
            IssueComment(id: 12, authorLogin: nil, body: "A comment whose author is gone.", createdAt: opened),
        ]
    }
}
