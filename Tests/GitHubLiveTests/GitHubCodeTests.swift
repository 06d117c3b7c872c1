import Foundation
import GitHub
import GitHubLive
import Testing
import Upstream

/// The code browser's and the history's endpoints (issue 49) against the stand-in speaking
/// GitHub's wire format: the paths asked, the shapes read, 404, 409 and 422 as GitHub sends them,
/// and 304s on a second visit.
@Suite("Code and history endpoints (issue 49)")
struct GitHubCodeTests {
    let owner = "octocat"
    let name = "Hello-World"

    @Test("a repository by owner and name: any the token can see")
    func repositoryByName() async throws {
        try await withGitHub { standIn, client in
            let details = try await client.repository(owner: owner, name: name, token: token(Tokens.octocat))
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World")
            #expect(details.id == 1296269)
            #expect(details.defaultBranch == "main")
            await #expect(throws: UpstreamFailure.notFound) {
                try await client.repository(owner: owner, name: "missing", token: token(Tokens.octocat))
            }
        }
    }

    @Test("a folder's entries: folders and files with their sizes; the root without a path, a ref as a query")
    func folder() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            guard case .folder(let root) = try await client.contents(owner: owner, repository: name, path: "", ref: nil, token: octocat) else {
                Issue.record("the root is a folder")
                return
            }
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/contents")
            #expect(root.map(\.name) == ["README.md", "docs", "src"])
            #expect(root.map(\.kind) == [.file, .folder, .folder])
            #expect(root[0].size == "contents of README.md\n".utf8.count)
            #expect(root[0].downloadURL?.absoluteString == "https://raw.githubusercontent.com/octocat/Hello-World/main/README.md")
            #expect(root[1].downloadURL == nil)

            guard case .folder(let docs) = try await client.contents(owner: owner, repository: name, path: "docs/api", ref: "main", token: octocat)
            else {
                Issue.record("docs/api is a folder")
                return
            }
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/contents/docs/api?ref=main")
            #expect(docs.map(\.path) == ["docs/api/index.md"])
        }
    }

    @Test("a file: its bytes from base64; over 1 MB it comes without them; a path or ref GitHub does not know is notFound")
    func file() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            guard case .file(let file) = try await client.contents(owner: owner, repository: name, path: "src/main.swift", ref: nil, token: octocat)
            else {
                Issue.record("src/main.swift is a file")
                return
            }
            #expect(file.content.map { String(decoding: $0, as: UTF8.self) } == "print(\"Hello, <World>\")\n// Привет\n")
            #expect(file.entry.htmlURL?.absoluteString == "https://github.com/octocat/Hello-World/blob/main/src/main.swift")

            guard case .file(let large) = try await client.contents(owner: owner, repository: name, path: "src/big.log", ref: nil, token: octocat)
            else {
                Issue.record("src/big.log is a file")
                return
            }
            #expect(large.content == nil)
            #expect(large.entry.size == 2_500_000)

            await #expect(throws: UpstreamFailure.notFound) {
                try await client.contents(owner: owner, repository: name, path: "nothing.txt", ref: nil, token: octocat)
            }
            await #expect(throws: UpstreamFailure.notFound) {
                try await client.contents(owner: owner, repository: name, path: "", ref: "no-such-branch", token: octocat)
            }
        }
    }

    @Test("every piece of a path and the ref are encoded: nothing in a name changes which resource is asked")
    func encoded() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            _ = try? await client.contents(owner: owner, repository: name, path: "a b/c?d#e/%2e", ref: "feature/x&y", token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/contents/a%20b/c%3Fd%23e/%252e?ref=feature%2Fx%26y")
            let before = standIn.seen.count
            for path in ["../secret", "a//b", "a/./b"] {
                await #expect(throws: UpstreamFailure.notFound) {
                    try await client.contents(owner: owner, repository: name, path: path, ref: nil, token: octocat)
                }
            }
            #expect(standIn.seen.count == before)  // refused without a request
        }
    }

    @Test("a second visit is conditional: 304s, which cost no rate limit, give the same folder and file")
    func conditional() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let folder = try await client.contents(owner: owner, repository: name, path: "docs", ref: nil, token: octocat)
            let file = try await client.contents(owner: owner, repository: name, path: "src/main.swift", ref: nil, token: octocat)
            let remaining = standIn.remaining(Tokens.octocat)
            #expect(try await client.contents(owner: owner, repository: name, path: "docs", ref: nil, token: octocat) == folder)
            #expect(try await client.contents(owner: owner, repository: name, path: "src/main.swift", ref: nil, token: octocat) == file)
            let commits = try await client.commits(owner: owner, repository: name, ref: nil, page: 1, perPage: 30, token: octocat)
            #expect(try await client.commits(owner: owner, repository: name, ref: nil, page: 1, perPage: 30, token: octocat) == commits)
            #expect(standIn.seen.map(\.status) == [200, 200, 304, 304, 200, 304])
            #expect(standIn.remaining(Tokens.octocat) == remaining - 1)
        }
    }

    @Test("branches and tags: names and the commits they point at, per_page clamped to 100")
    func references() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let branches = try await client.branches(owner: owner, repository: name, count: 500, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/branches?per_page=100")
            #expect(branches.map(\.name) == ["feature/docs", "main"])
            #expect(branches[1].sha == GitHubStandIn.sha("second"))
            let tags = try await client.tags(owner: owner, repository: name, count: 100, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/tags?per_page=100")
            #expect(tags.map(\.name) == ["v1.0", "v0.9"])
        }
    }

    @Test("commits of a branch: message, login or written name, date; pages; an empty repository has none")
    func commits() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let commits = try await client.commits(owner: owner, repository: name, ref: "main", page: 1, perPage: 30, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/commits?sha=main&per_page=30&page=1")
            #expect(commits.map(\.headline) == ["Say hello", "Initial commit"])
            #expect(commits[0].body == "To the <World>.")
            #expect(commits[0].author == "octocat")
            #expect(commits[1].authorLogin == nil)
            #expect(commits[1].author == "Someone Else")
            #expect(commits[0].date == date("2025-01-15T08:00:00Z"))
            let second = try await client.commits(owner: owner, repository: name, ref: nil, page: 2, perPage: 1, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/commits?per_page=1&page=2")
            #expect(second.map(\.headline) == ["Initial commit"])
            let empty = try await client.commits(owner: owner, repository: name, ref: "feature/docs", page: 1, perPage: 30, token: octocat)
            #expect(empty.isEmpty)
            #expect(standIn.lastSeen?.status == 409)
        }
    }

    @Test("one commit: its files with status, counts and patch (none for a binary file); an unknown SHA (422) is notFound")
    func commit() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let sha = GitHubStandIn.sha("second")
            let commit = try await client.commit(owner: owner, repository: name, sha: sha, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/commits/\(sha)")
            #expect(commit.summary.sha == sha)
            #expect(commit.additions == 1 && commit.deletions == 1)
            #expect(commit.files.map(\.filename) == ["src/main.swift", "logo.png"])
            #expect(commit.files.map(\.status) == [.modified, .added])
            #expect(commit.files[0].patch?.hasPrefix("@@ -1 +1 @@") == true)
            #expect(commit.files[1].patch == nil)
            await #expect(throws: UpstreamFailure.notFound) {
                try await client.commit(owner: owner, repository: name, sha: "deadbeef", token: octocat)
            }
            #expect(standIn.lastSeen?.status == 422)
        }
    }

    @Test("the rate limit and a refused token come through as for every call")
    func failures() async throws {
        try await withGitHub { standIn, client in
            standIn.setFaults { $0.rateLimitedUntil = 1_900_000_000 }
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: Date(timeIntervalSince1970: 1_900_000_000))) {
                try await client.contents(owner: owner, repository: name, path: "", ref: nil, token: token(Tokens.octocat))
            }
            standIn.setFaults { $0.rateLimitedUntil = nil }
            await #expect(throws: UpstreamFailure.badCredentials) {
                try await client.commits(owner: owner, repository: name, ref: nil, page: 1, perPage: 30, token: token(Tokens.unknown))
            }
        }
    }
}

private func date(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}
