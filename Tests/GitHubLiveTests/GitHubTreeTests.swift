import Foundation
import GitHub
import GitHubLive
import Testing
import Upstream

/// `GET /repos/{owner}/{repo}/git/trees/{branch}?recursive=1`: the branch's folders, for the
/// README's links to open folders under `tree/` (issue 22).
@Suite("Git trees (issue 22)")
struct GitHubTreeTests {
    @Test("the folders of the branch, nested ones included; files are not folders")
    func folders() async throws {
        try await withGitHub { standIn, client in
            let tree = try #require(try await client.tree(owner: "octocat", repository: "Hello-World", branch: "main", token: token(Tokens.octocat)))
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/git/trees/main?recursive=1")
            #expect(tree.folders == ["docs", "docs/api", "src"])
            #expect(!tree.isTruncated)
        }
    }

    @Test("a truncated tree keeps the folders it lists and says it is truncated")
    func truncated() async throws {
        try await withGitHub { standIn, client in
            standIn.updateAccount(token: Tokens.octocat) { $0.repositories[12].truncatedAfter = 3 }
            let tree = try #require(try await client.tree(owner: "octocat", repository: "Hello-World", branch: "main", token: token(Tokens.octocat)))
            #expect(tree.isTruncated)
            #expect(tree.folders == ["docs", "docs/api"])  // sorted: docs, docs/api, docs/api/index.md
        }
    }

    @Test("no tree (404) and an empty repository (409) are nil; the branch is one encoded segment")
    func none() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let none = try await client.tree(owner: "octocat", repository: "repo-1", branch: "main", token: octocat)
            let empty = try await client.tree(owner: "octocat", repository: "Hello-World", branch: "feature/docs", token: octocat)
            #expect(none == nil)
            #expect(empty == nil)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/git/trees/feature%2Fdocs?recursive=1")
            #expect(standIn.seen.map(\.status) == [404, 409])
        }
    }

    @Test("a second request is conditional and a 304 gives the same folders")
    func conditional() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let first = try await client.tree(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            let second = try await client.tree(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            #expect(first == second && first != nil)
            #expect(standIn.seen.map(\.status) == [200, 304])
        }
    }

    @Test("a refused token is badCredentials, as for every other call")
    func refused() async throws {
        try await withGitHub { _, client in
            await #expect(throws: UpstreamFailure.badCredentials) {
                try await client.tree(owner: "octocat", repository: "Hello-World", branch: "main", token: token(Tokens.unknown))
            }
        }
    }
}
