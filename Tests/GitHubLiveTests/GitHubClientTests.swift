import Foundation
import GitHub
import GitHubLive
import TestDoubles
import Testing
import Upstream
import UpstreamHTTP

@Suite("GitHubClient against the loopback stand-in (GH-1, GH-2, GH-3, GH-10)")
struct GitHubClientTests {
    @Test("GET /user with GitHub's headers: Bearer token, media type, API version, our User-Agent")
    func user() async throws {
        try await withGitHub { standIn, client in
            let user = try await client.user(token: token(Tokens.octocat))
            #expect(user == GitHubUser(
                login: "octocat", id: 583231, name: "The Octocat", htmlURL: URL(string: "https://github.com/octocat")!,
                avatarURL: URL(string: "https://avatars.githubusercontent.com/u/583231?v=4")))
            let seen = try #require(standIn.lastSeen)
            #expect(seen.target == "/user")
            #expect(seen.authorization == "Bearer \(Tokens.octocat)")
            #expect(seen.accept == "application/vnd.github+json")
            #expect(seen.apiVersion == "2022-11-28")
            #expect(seen.userAgent == testUserAgent)
            #expect(seen.ifNoneMatch == nil)
            #expect(!seen.target.contains(Tokens.octocat))
            #expect(try await client.user(token: token(Tokens.hubot)).name == nil)
        }
    }

    @Test("GET /user/repos?sort=updated&per_page=10: the 10 most recently updated, in GitHub's shape")
    func repositories() async throws {
        try await withGitHub { standIn, client in
            let repositories = try await client.repositories(token: token(Tokens.octocat), count: 10)
            #expect(standIn.lastSeen?.target == "/user/repos?sort=updated&per_page=10")
            #expect(repositories.map(\.name) == (3...12).reversed().map { "repo-\($0)" })
            let tenth = try #require(repositories.first)
            #expect(tenth.id == 1012)
            #expect(tenth.fullName == "octocat/repo-12")
            #expect(tenth.ownerLogin == "octocat")
            #expect(tenth.stargazersCount == 1200)
            #expect(tenth.forksCount == 12)
            let updated = try Date("2025-02-12T10:00:00Z", strategy: .iso8601)
            #expect(tenth.updatedAt == updated)
            #expect(tenth.htmlURL.absoluteString == "https://github.com/octocat/repo-12")
            #expect(tenth.defaultBranch == "main")
            #expect(repositories.filter(\.isPrivate).map(\.name) == ["repo-10", "repo-5"])
            #expect(repositories.first { $0.name == "repo-3" }?.language == "C++")
            #expect(repositories.first { $0.name == "repo-4" }?.language == nil)
        }
    }

    @Test("the count is clamped to GitHub's 1…100")
    func perPage() async throws {
        try await withGitHub { standIn, client in
            _ = try await client.repositories(token: token(Tokens.octocat), count: 500)
            #expect(standIn.lastSeen?.target == "/user/repos?sort=updated&per_page=100")
            _ = try await client.repositories(token: token(Tokens.octocat), count: 0)
            #expect(standIn.lastSeen?.target == "/user/repos?sort=updated&per_page=1")
        }
    }

    @Test("GET /repositories/{id}: watchers are subscribers_count, not watchers_count; licence")
    func repository() async throws {
        try await withGitHub { standIn, client in
            let details = try await client.repository(id: 1296269, token: token(Tokens.octocat))
            #expect(standIn.lastSeen?.target == "/repositories/1296269")
            #expect(details.name == "Hello-World")
            #expect(details.forksCount == 2461)
            #expect(details.stargazersCount == 2648)
            #expect(details.watchersCount == 1729)
            #expect(details.license == License(name: "MIT License", spdxId: "MIT"))
            #expect(details.htmlURL.absoluteString == "https://github.com/octocat/Hello-World")
            let other = try await client.repository(id: 2001, token: token(Tokens.hubot))
            #expect(other.license?.isIdentified == false)
            #expect(other.repository.isPrivate)
        }
    }

    @Test("an unknown repository is .notFound")
    func unknownRepository() async throws {
        try await withGitHub { _, client in
            await #expect(throws: UpstreamFailure.notFound) { try await client.repository(id: 999, token: token(Tokens.octocat)) }
            // Someone else's private repository looks the same.
            await #expect(throws: UpstreamFailure.notFound) { try await client.repository(id: 2001, token: token(Tokens.octocat)) }
        }
    }

    @Test("GET /repos/{owner}/{repo}/readme?ref=: base64 broken every 60 characters decodes to the Markdown")
    func readme() async throws {
        try await withGitHub { standIn, client in
            let readme = try #require(
                try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: token(Tokens.octocat)))
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/readme?ref=main")
            #expect(readme.text == octocatAccount().repositories.last?.readmes["main"])
            #expect(readme.text.contains("Привет, świat! 👋"))
            #expect(readme.path == "README.md")
            #expect(readme.htmlURL?.absoluteString == "https://github.com/octocat/Hello-World/blob/main/README.md")
            #expect(readme.downloadURL?.absoluteString == "https://raw.githubusercontent.com/octocat/Hello-World/main/README.md")
            let lines = GitHubStandIn.wrappedBase64(readme.text).split(separator: "\n" as Character)
            #expect(lines.count > 2)
            #expect(lines.dropLast().allSatisfy { $0.count == 60 })
        }
    }

    @Test("no README (404) is nil, not a failure")
    func noReadme() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let none = try await client.readme(owner: "octocat", repository: "repo-1", branch: "main", token: octocat)
            let gone = try await client.readme(owner: "octocat", repository: "Hello-World", branch: "gone", token: octocat)
            #expect(none == nil)
            #expect(gone == nil)
            #expect(standIn.seen.map(\.status) == [404, 404])
        }
    }

    @Test("path segments and the ref are percent-encoded; impossible names make no request")
    func encoding() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let docs = try await client.readme(owner: "octocat", repository: "Hello-World", branch: "feature/docs", token: octocat)
            #expect(docs?.text == "# Docs branch")
            #expect(standIn.lastSeen?.target == "/repos/octocat/Hello-World/readme?ref=feature%2Fdocs")
            _ = try await client.readme(owner: "oct cat", repository: "a?b#c/d", branch: "x&y=z%", token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/oct%20cat/a%3Fb%23c%2Fd/readme?ref=x%26y%3Dz%25")
            _ = try await client.readme(owner: "octocat", repository: "my.repo_name-2~", branch: "", token: octocat)
            #expect(standIn.lastSeen?.target == "/repos/octocat/my.repo_name-2~/readme")
            let before = standIn.seen.count
            for (owner, repository) in [("..", "x"), ("octocat", "."), ("", "x"), ("octocat", "")] {
                await #expect(throws: UpstreamFailure.notFound) {
                    try await client.readme(owner: owner, repository: repository, branch: "main", token: octocat)
                }
            }
            #expect(standIn.seen.count == before)
        }
    }

    @Test("the default configuration points at api.github.com with a 4 MiB body cap")
    func defaults() {
        let configuration = GitHubClient.configuration()
        #expect(configuration.baseURL?.absoluteString == "https://api.github.com")
        #expect(configuration.userAgent.hasPrefix("AppDeck/"))
        #expect(configuration.maximumBodyBytes == 4 * 1024 * 1024)
    }

    @Test("GitHubService over the live client: sign in, list, detail, README, revoked token signs out")
    func endToEnd() async throws {
        try await withGitHub { standIn, client in
            let storage = InMemoryKeyValueStorage()
            let repository = GitHubService(api: client, storage: storage)
            await #expect(throws: GitHubFailure.badCredentials) { try await repository.signIn(token: Tokens.unknown) }
            #expect(await storage.values.isEmpty)
            let user = try await repository.signIn(token: " \(Tokens.octocat) ")
            #expect(user.login == "octocat")
            let list = try await repository.getRepositories()
            #expect(list.count == 10)
            #expect(list.first?.name == "repo-12")
            let details = try await repository.getRepository(id: 1296269)
            let readme = try await repository.getRepositoryReadme(
                owner: details.ownerLogin, repository: details.name, branch: details.defaultBranch)
            #expect(readme?.text.hasPrefix("# Hello World") == true)

            standIn.revoke(Tokens.octocat)
            await #expect(throws: GitHubFailure.badCredentials) { try await repository.getRepositories() }
            #expect(try await !repository.isSignedIn)
            #expect(standIn.lastSeen?.status == 401)
        }
    }
}
