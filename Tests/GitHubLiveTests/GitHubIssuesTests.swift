import Foundation
import GitHub
import GitHubLive
import Testing
import Upstream

/// Issues, pull requests, search and stars (issue 49) against the stand-in speaking GitHub's wire
/// format: the paths and queries asked, the shapes read, the pull requests the issues endpoint
/// lists, 422 and 404 as GitHub sends them, 304s on a second visit, and PUT and DELETE with
/// `Content-Length: 0`.
@Suite("Issues, search and star endpoints (issue 49)")
struct GitHubIssuesTests {
    let owner = "octocat"
    let name = "Hello-World"

    @Test("issues: the state and page asked; a pull request among them marked; a second visit is a 304")
    func issues() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let open = try await client.issues(owner: owner, repository: name, state: .open, page: 1, perPage: 30, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/issues?state=open&per_page=30&page=1")
            #expect(open.map(\.number) == [1347, 1348])
            #expect(open.map(\.isPullRequest) == [false, true])
            #expect(open[0].labels.map(\.color) == ["d73a4a", "008672"])
            #expect(open[0].commentCount == 2)
            #expect(open[0].title == "Found a <bug>")
            _ = try await client.issues(owner: owner, repository: name, state: .open, page: 1, perPage: 30, token: octocat)
            #expect(standIn.lastSeen?.status == 304)
            let closed = try await client.issues(owner: owner, repository: name, state: .closed, page: 2, perPage: 5, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/issues?state=closed&per_page=5&page=2")
            #expect(closed.isEmpty)
        }
    }

    @Test("pulls come from their own endpoint, each a pull request without a comment count")
    func pulls() async throws {
        try await withGitHub { standIn, client in
            let pulls = try await client.pulls(owner: owner, repository: name, state: .open, page: 1, perPage: 30, token: token(Tokens.octocat))
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/pulls?state=open&per_page=30&page=1")
            #expect(pulls.map(\.number) == [1348])
            #expect(pulls[0].isPullRequest)
            #expect(pulls[0].commentCount == nil)
        }
    }

    @Test("one issue and its comments; a deleted author is nil; an unknown number is notFound")
    func issueAndComments() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let issue = try await client.issue(owner: owner, repository: name, number: 1347, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/issues/1347")
            #expect(issue.body == "I'm having a problem with this.")
            let comments = try await client.issueComments(owner: owner, repository: name, number: 1347, count: 100, token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/issues/1347/comments?per_page=100")
            #expect(comments.map(\.authorLogin) == ["hubot", nil])
            #expect(comments.map(\.body) == ["Me too", "A ghost's comment"])
            let pull = try await client.issue(owner: owner, repository: name, number: 1348, token: octocat)
            #expect(pull.isPullRequest)
            await #expect(throws: UpstreamFailure.notFound) {
                try await client.issue(owner: owner, repository: name, number: 9, token: octocat)
            }
        }
    }

    @Test("search: the query encoded whole, qualifiers and all; 422 for a qualifier GitHub does not know; the search rate limit")
    func search() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let found = try await client.searchRepositories(query: "repo language:swift stars:>100 &page=9", page: 1, perPage: 30, token: octocat)
            #expect(standIn.lastSeen?.target
                == "/search/repositories?q=repo%20language%3Aswift%20stars%3A%3E100%20%26page%3D9&per_page=30&page=1")
            #expect(found.totalCount == 0)
            let hello = try await client.searchRepositories(query: "hello", page: 1, perPage: 30, token: octocat)
            #expect(hello.items.map(\.fullName) == ["octocat/Hello-World"])
            #expect(hello.totalCount == 1)
            await #expect(throws: UpstreamFailure.server(status: 422)) {
                try await client.searchRepositories(query: "hello nonsense:x", page: 1, perPage: 30, token: octocat)
            }
            standIn.setFaults { $0.rateLimitedUntil = 1_900_000_000 }
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: Date(timeIntervalSince1970: 1_900_000_000))) {
                try await client.searchRepositories(query: "other", page: 1, perPage: 30, token: octocat)
            }
        }
    }

    @Test("stars: GET is 204 or 404; PUT and DELETE change it; a token that may not star gets 404 on PUT")
    func stars() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            #expect(try await client.isStarred(owner: owner, repository: name, token: octocat) == false)
            #expect(standIn.lastSeen?.target == "/user/starred/octocat/Hello-World")
            try await client.setStarred(true, owner: owner, repository: name, token: octocat)
            #expect(standIn.lastSeen?.method == "PUT")
            #expect(standIn.lastSeen?.contentLength == "0")
            #expect(standIn.lastSeen?.status == 204)
            #expect(standIn.lastSeen?.authorization == "Bearer \(Tokens.octocat)")
            #expect(try await client.isStarred(owner: owner, repository: name, token: octocat) == true)
            try await client.setStarred(false, owner: owner, repository: name, token: octocat)
            #expect(standIn.lastSeen?.method == "DELETE")
            #expect(try await client.isStarred(owner: owner, repository: name, token: octocat) == false)
            standIn.updateAccount(token: Tokens.octocat) { $0.mayStar = false }
            await #expect(throws: UpstreamFailure.notFound) {
                try await client.setStarred(true, owner: owner, repository: name, token: octocat)
            }
        }
    }
}
