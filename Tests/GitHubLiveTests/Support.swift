import Foundation
import GitHub
import GitHubLive
import Logging
import LoopbackSupport
import Synchronization
import UpstreamHTTP

/// Tokens of two people, made of repeated characters so nobody mistakes them for real ones.
enum Tokens {
    static let octocat = "ghp_" + String(repeating: "Oc7t", count: 9)
    static let hubot = "github_pat_" + String(repeating: "h", count: 22) + "_" + String(repeating: "Ub0t", count: 14) + "xyz"
    static let unknown = "ghp_" + String(repeating: "N0pe", count: 9)
}

let testUserAgent = "AppDeckTests/1.0 (+https://example.invalid/appdeck)"

func token(_ text: String) -> GitHubToken {
    try! GitHubToken(text)
}

/// Twelve repositories updated on different days, two of them private, one in C++, one with no
/// language; `Hello-World` has a README on `main` and on `feature/docs`.
func octocatAccount() -> GitHubStandIn.Account {
    var repositories: [GitHubStandIn.RepositoryFixture] = (1...12).map { day in
        GitHubStandIn.RepositoryFixture(
            id: 1000 + day, owner: "octocat", ownerID: 583231, name: "repo-\(day)", description: "Repository \(day)",
            language: "Swift", stars: day * 100, forks: day, subscribers: day + 1,
            updatedAt: String(format: "2025-02-%02dT10:00:00Z", day), isPrivate: day % 5 == 0)
    }
    repositories[2].language = "C++"
    repositories[3].language = nil
    repositories.append(
        GitHubStandIn.RepositoryFixture(
            id: 1296269, owner: "octocat", ownerID: 583231, name: "Hello-World", description: "My first repository on GitHub!",
            language: nil, stars: 2648, forks: 2461, subscribers: 1729, updatedAt: "2025-01-15T08:00:00Z",
            license: (key: "mit", name: "MIT License", spdxID: "MIT"),
            readmes: [
                "main": "# Hello World\n\nПривет, świat! 👋\n\n" + String(repeating: "A line long enough to wrap the base64. ", count: 12),
                "feature/docs": "# Docs branch",
            ],
            files: ["main": ["README.md", "docs/guide.md", "docs/api/index.md", "src/main.swift", "src/big.log"], "feature/docs": []],
            texts: ["src/main.swift": "print(\"Hello, <World>\")\n// Привет\n"], largeFiles: ["src/big.log"],
            commits: [
                "main": [
                    GitHubStandIn.CommitFixture(
                        sha: GitHubStandIn.sha("second"), message: "Say hello\n\nTo the <World>.", login: "octocat", name: "The Octocat",
                        date: "2025-01-15T08:00:00Z",
                        files: [
                            ("src/main.swift", "modified", 1, 1, "@@ -1 +1 @@\n-print(\"Hi\")\n+print(\"Hello, <World>\")"),
                            ("logo.png", "added", 0, 0, nil),
                        ]),
                    GitHubStandIn.CommitFixture(
                        sha: GitHubStandIn.sha("first"), message: "Initial commit", login: nil, name: "Someone Else", date: "2025-01-01T08:00:00Z"),
                ]
            ],
            tags: ["v1.0", "v0.9"],
            issues: [
                GitHubStandIn.IssueFixture(
                    number: 1347, title: "Found a <bug>", login: "octocat", labels: [("bug", "d73a4a"), ("help wanted", "008672")],
                    body: "I'm having a problem with this.", comments: [("hubot", "Me too"), (nil, "A ghost's comment")]),
                GitHubStandIn.IssueFixture(number: 1348, title: "Amazing new feature", login: "hubot", body: nil, isPullRequest: true),
                GitHubStandIn.IssueFixture(number: 1300, title: "Old", isOpen: false, login: nil),
            ]))
    return GitHubStandIn.Account(login: "octocat", id: 583231, name: "The Octocat", repositories: repositories)
}

func hubotAccount() -> GitHubStandIn.Account {
    GitHubStandIn.Account(
        login: "hubot", id: 480938, name: nil,
        repositories: [
            GitHubStandIn.RepositoryFixture(
                id: 2001, owner: "hubot", ownerID: 480938, name: "chatops", description: nil, language: "CoffeeScript", stars: 3,
                forks: 1, subscribers: 2, updatedAt: "2025-03-01T12:00:00Z", isPrivate: true,
                license: (key: "other", name: "Other", spdxID: "NOASSERTION"))
        ])
}

/// Runs `body` with a stand-in knowing octocat and hubot, and a `GitHubClient` on it (its
/// `UpstreamClient` passed too), then shuts both down whether `body` threw or not.
@discardableResult
func withGitHub<T>(
    configure: (inout UpstreamConfiguration) -> Void = { _ in },
    cache: GitHubResponseCache = GitHubResponseCache(),
    logger: Logger = quietLogger,
    _ body: (GitHubStandIn, GitHubClient) async throws -> T
) async throws -> T {
    let standIn = try await GitHubStandIn.start(accounts: [Tokens.octocat: octocatAccount(), Tokens.hubot: hubotAccount()])
    var configuration = GitHubClient.configuration(
        baseURL: standIn.baseURL, connectTimeout: .seconds(2), requestTimeout: .seconds(30), userAgent: testUserAgent)
    configure(&configuration)
    let upstream = UpstreamClient(configuration: configuration, logger: logger)
    let client = GitHubClient(client: upstream, cache: cache, logger: logger)
    return try await withCleanUp {
        try await body(standIn, client)
    } cleanUp: {
        try await upstream.shutdown()
        await standIn.stop()
    }
}
