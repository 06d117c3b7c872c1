import Foundation
import GitHub
import GitHubLive
import Testing
import Upstream

@Suite("Conditional requests: ETag, If-None-Match, 304 (GH-10)")
struct ConditionalRequestTests {
    @Test("a second identical request sends If-None-Match, gets 304, returns the same value and costs no rate limit")
    func notModified() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let first = try await client.repositories(token: octocat, count: 10)
            let remaining = standIn.remaining(Tokens.octocat)
            let second = try await client.repositories(token: octocat, count: 10)
            #expect(second == first)
            let seen = standIn.seen
            #expect(seen.map(\.status) == [200, 304])
            #expect(seen[0].ifNoneMatch == nil)
            let etag = try #require(seen[1].ifNoneMatch)
            #expect(etag.hasPrefix("W/\""))
            #expect(standIn.remaining(Tokens.octocat) == remaining)

            let user = try await client.user(token: octocat)
            #expect(try await client.user(token: octocat) == user)
            let details = try await client.repository(id: 1296269, token: octocat)
            #expect(try await client.repository(id: 1296269, token: octocat) == details)
            let readme = try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            #expect(try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat) == readme)
            #expect(standIn.seen.map(\.status) == [200, 304, 200, 304, 200, 304, 200, 304])
        }
    }

    @Test("a changed resource answers 200 with a new ETag, which the next request sends")
    func modified() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            _ = try await client.repository(id: 1001, token: octocat)
            standIn.updateAccount(token: Tokens.octocat) { $0.repositories[0].description = "Rewritten" }
            let changed = try await client.repository(id: 1001, token: octocat)
            #expect(changed.repository.description == "Rewritten")
            let again = try await client.repository(id: 1001, token: octocat)
            #expect(again == changed)
            let seen = standIn.seen
            #expect(seen.map(\.status) == [200, 200, 304])
            #expect(seen[1].ifNoneMatch != nil)
            #expect(seen[2].ifNoneMatch != nil)
            #expect(seen[2].ifNoneMatch != seen[1].ifNoneMatch)
        }
    }

    @Test("two tokens never share cached answers")
    func tokensDoNotShare() async throws {
        try await withGitHub { standIn, client in
            let octocat = token(Tokens.octocat)
            let hubot = token(Tokens.hubot)
            var logins: [String] = []
            for person in [octocat, hubot, octocat, hubot] {
                logins.append(try await client.user(token: person).login)
            }
            #expect(logins == ["octocat", "hubot", "octocat", "hubot"])
            let seen = standIn.seen
            #expect(seen.map(\.status) == [200, 200, 304, 304])
            #expect(seen[1].ifNoneMatch == nil)  // hubot's first request does not reuse octocat's ETag
            #expect(seen[2].ifNoneMatch != nil)
            #expect(seen[3].ifNoneMatch != nil)
            #expect(seen[2].ifNoneMatch != seen[3].ifNoneMatch)
            #expect(seen.map(\.authorization) == [octocat, hubot, octocat, hubot].map { "Bearer \($0.secret)" })
        }
    }

    @Test("a refused token's cached answers are forgotten")
    func revokedTokenForgotten() async throws {
        let cache = GitHubResponseCache()
        try await withGitHub(cache: cache) { standIn, client in
            _ = try await client.user(token: token(Tokens.octocat))
            _ = try await client.user(token: token(Tokens.hubot))
            #expect(cache.count == 2)
            standIn.revoke(Tokens.octocat)
            await #expect(throws: UpstreamFailure.badCredentials) { try await client.user(token: token(Tokens.octocat)) }
            #expect(cache.count == 1)
            #expect(standIn.lastSeen?.ifNoneMatch != nil)  // GitHub judges the token before the ETag
            #expect(standIn.lastSeen?.status == 401)
        }
    }

    @Test("the cache is bounded by entries, least recently used first")
    func entryBound() async throws {
        let cache = GitHubResponseCache(maximumEntries: 2)
        try await withGitHub(cache: cache) { standIn, client in
            let octocat = token(Tokens.octocat)
            _ = try await client.repository(id: 1001, token: octocat)
            _ = try await client.repository(id: 1002, token: octocat)
            _ = try await client.repository(id: 1001, token: octocat)  // 304: 1001 is now the most recent
            _ = try await client.repository(id: 1003, token: octocat)  // evicts 1002
            #expect(cache.count == 2)
            _ = try await client.repository(id: 1001, token: octocat)
            _ = try await client.repository(id: 1002, token: octocat)
            #expect(standIn.seen.map(\.status) == [200, 200, 304, 200, 304, 200])
            #expect(standIn.seen[5].ifNoneMatch == nil)
        }
    }

    @Test("the cache is bounded by bytes; an answer larger than the bound is not kept")
    func byteBound() async throws {
        let cache = GitHubResponseCache(maximumBytes: 1500)
        try await withGitHub(cache: cache) { standIn, client in
            let octocat = token(Tokens.octocat)
            _ = try await client.user(token: octocat)
            #expect(cache.count == 1)
            #expect(cache.totalBytes <= 1500)
            _ = try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            _ = try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            #expect(standIn.seen.map(\.status) == [200, 200, 200])
            #expect(standIn.seen[2].ifNoneMatch == nil)
            _ = try await client.repositories(token: octocat, count: 10)  // about 20 KB: not kept either
            #expect(cache.count == 1)
            #expect(cache.totalBytes <= 1500)
            cache.removeAll()
            #expect(cache.count == 0 && cache.totalBytes == 0)
        }
    }

    @Test("a failed answer is not cached and does not evict the last good one")
    func failuresNotCached() async throws {
        let cache = GitHubResponseCache()
        try await withGitHub(cache: cache) { standIn, client in
            let octocat = token(Tokens.octocat)
            let user = try await client.user(token: octocat)
            standIn.setFaults { $0.serverError = true }
            await #expect(throws: UpstreamFailure.server(status: 500)) { try await client.user(token: octocat) }
            standIn.setFaults { $0.serverError = false }
            #expect(try await client.user(token: octocat) == user)
            #expect(standIn.seen.map(\.status) == [200, 500, 304])
        }
    }
}
