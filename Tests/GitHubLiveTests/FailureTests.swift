import Foundation
import GitHub
import GitHubLive
import LoopbackSupport
import TestDoubles
import Testing
import Upstream
import UpstreamHTTP

@Suite("GitHub's failures map onto the closed set (GH-4, GH-10)")
struct FailureTests {
    static let fixedNow = Date(timeIntervalSince1970: 1_741_608_000)  // 2025-03-10T12:00:00Z

    @Test("401 Bad credentials is .badCredentials on every call")
    func badCredentials() async throws {
        try await withGitHub { standIn, client in
            let unknown = token(Tokens.unknown)
            await #expect(throws: UpstreamFailure.badCredentials) { try await client.user(token: unknown) }
            await #expect(throws: UpstreamFailure.badCredentials) { try await client.repositories(token: unknown, count: 10) }
            await #expect(throws: UpstreamFailure.badCredentials) { try await client.repository(id: 1001, token: unknown) }
            await #expect(throws: UpstreamFailure.badCredentials) {
                try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: unknown)
            }
            #expect(standIn.seen.map(\.status) == [401, 401, 401, 401])
        }
    }

    @Test("403 with x-ratelimit-remaining: 0 is .rateLimited at x-ratelimit-reset")
    func primaryRateLimit() async throws {
        try await withGitHub { standIn, client in
            standIn.setFaults { $0.rateLimitedUntil = 1_741_611_600 }
            await #expect(throws: UpstreamFailure.rateLimited(resetsAt: Date(timeIntervalSince1970: 1_741_611_600))) {
                try await client.repositories(token: token(Tokens.octocat), count: 10)
            }
            #expect(standIn.lastSeen?.status == 403)
        }
    }

    @Test("429 with retry-after is .rateLimited; GitHub's docs put retry-after before x-ratelimit-reset")
    func secondaryRateLimit() async throws {
        try await withGitHub(configure: { $0.now = { FailureTests.fixedNow } }) { standIn, client in
            standIn.setFaults { $0.retryAfter = 60 }
            let thrown = await #expect(throws: UpstreamFailure.self) { try await client.user(token: token(Tokens.octocat)) }
            #expect(standIn.lastSeen?.status == 429)
            guard case .rateLimited(let resetsAt?)? = thrown else {
                Issue.record("not a rate limit with a reset time: \(String(describing: thrown))")
                return
            }
            // GitHub sends its x-ratelimit-* headers with a secondary-limit 429 too (reset up to an
            // hour away); its docs say to wait retry-after seconds when that header is present.
            #expect(resetsAt == FailureTests.fixedNow.addingTimeInterval(60))
        }
    }

    @Test("403 that is not a rate limit is .server(status: 403)")
    func forbidden() async throws {
        try await withGitHub { standIn, client in
            standIn.setFaults { $0.forbidden = true }
            await #expect(throws: UpstreamFailure.server(status: 403)) { try await client.repository(id: 1001, token: token(Tokens.octocat)) }
        }
    }

    @Test("500 is .server(status: 500); a README's 500 is not mistaken for 'no README'")
    func serverError() async throws {
        try await withGitHub { standIn, client in
            standIn.setFaults { $0.serverError = true }
            await #expect(throws: UpstreamFailure.server(status: 500)) { try await client.user(token: token(Tokens.octocat)) }
            await #expect(throws: UpstreamFailure.server(status: 500)) {
                try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: token(Tokens.octocat))
            }
        }
    }

    @Test("malformed JSON is .unreadable")
    func malformed() async throws {
        try await withGitHub { standIn, client in
            standIn.setFaults { $0.malformedJSON = true }
            let octocat = token(Tokens.octocat)
            await #expect(throws: UpstreamFailure.unreadable) { try await client.user(token: octocat) }
            await #expect(throws: UpstreamFailure.unreadable) { try await client.repositories(token: octocat, count: 10) }
            await #expect(throws: UpstreamFailure.unreadable) { try await client.repository(id: 1001, token: octocat) }
            await #expect(throws: UpstreamFailure.unreadable) {
                try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            }
        }
    }

    @Test("an answer slower than the request timeout is .timedOut")
    func slow() async throws {
        try await withGitHub(configure: { $0.requestTimeout = .milliseconds(200) }) { standIn, client in
            standIn.setFaults { $0.delay = .seconds(1) }
            await #expect(throws: UpstreamFailure.timedOut) { try await client.user(token: token(Tokens.octocat)) }
        }
    }

    @Test("a stopped service is .offline")
    func offline() async throws {
        try await withGitHub { standIn, client in
            _ = try await client.user(token: token(Tokens.octocat))
            await standIn.stop()
            await #expect(throws: UpstreamFailure.offline) { try await client.repositories(token: token(Tokens.octocat), count: 10) }
        }
    }

    @Test("through GitHubService the failures become GitHubFailure, and only a 401 signs out")
    func throughRepository() async throws {
        try await withGitHub(configure: { $0.now = { FailureTests.fixedNow } }) { standIn, client in
            let storage = InMemoryKeyValueStorage([GitHubService.tokenKey: Tokens.octocat])
            let repository = GitHubService(api: client, storage: storage)
            standIn.setFaults { $0.rateLimitedUntil = 1_741_611_600 }
            await #expect(throws: GitHubFailure.rateLimited(resetsAt: Date(timeIntervalSince1970: 1_741_611_600))) {
                try await repository.getRepositories()
            }
            standIn.setFaults { $0 = .init(malformedJSON: true) }
            await #expect(throws: GitHubFailure.unreadable) { try await repository.getRepository(id: 1001) }
            standIn.setFaults { $0 = .init() }
            await #expect(throws: GitHubFailure.notFound) { try await repository.getRepository(id: 42) }
            let signedIn = try await repository.isSignedIn
            #expect(signedIn)
        }
    }

    @Test("the token never reaches a log line, whatever happens")
    func tokenNeverLogged() async throws {
        let capture = LogCapture()
        try await withGitHub(logger: capture.logger) { standIn, client in
            let octocat = token(Tokens.octocat)
            _ = try await client.user(token: octocat)
            _ = try await client.user(token: octocat)
            _ = try await client.readme(owner: "octocat", repository: "Hello-World", branch: "main", token: octocat)
            standIn.setFaults { $0.serverError = true }
            _ = try? await client.repositories(token: octocat, count: 10)
            standIn.setFaults { $0 = .init(malformedJSON: true) }
            _ = try? await client.repository(id: 1001, token: octocat)
            standIn.revoke(Tokens.octocat)
            _ = try? await client.user(token: octocat)
        }
        let lines = capture.all
        #expect(!lines.isEmpty)
        for line in lines {
            #expect(!line.contains(Tokens.octocat))
            #expect(!line.contains(String(Tokens.octocat.suffix(16))))
            #expect(!line.contains("Bearer"))
            #expect(!line.contains("Hello-World"), "repositories are named by id in logs: \(line)")
        }
    }
}

/// Issue 21: an answer that stalls after its head is cut off at the deadline, and one token's
/// stalled answers never take the connections another token needs.
@Suite("GitHub: deadlines and shares")
struct GitHubDeadlineTests {
    @Test("an answer that stalls after its head, or trickles, fails .timedOut at the deadline; another token is answered", arguments: [
        true, false,
    ])
    func stallAfterHead(stalls: Bool) async throws {
        try await withGitHub(configure: { $0.requestTimeout = .seconds(1) }) { standIn, client in
            standIn.setFaults { faults in
                if stalls { faults.stallAfterHead = [Tokens.octocat] } else { faults.trickle = [Tokens.octocat] }
            }
            await #expect(throws: UpstreamFailure.timedOut) {
                _ = try await client.repositories(token: token(Tokens.octocat), count: 10)
            }
            let hubot = try await client.repositories(token: token(Tokens.hubot), count: 10)
            #expect(hubot.map(\.name) == ["chatops"])
        }
    }

    @Test("one token's stalled answers hold at most its share: another token is answered meanwhile")
    func oneTokenCannotTakeEveryConnection() async throws {
        // The deadline (and the stall past it) is long enough that no stalled slot comes back while
        // the test looks, however loaded the machine (issue 46, item 0: at 3 s, a slow hubot answer
        // let two more octocat requests through when the first two slots came back at their deadline;
        // at 10 s it happened once more, under the whole suite, TSan and reliability/fast at once).
        try await withGitHub(configure: {
            $0.requestTimeout = .seconds(20)
            $0.connectionsPerHost = 4
            $0.connectionsPerParty = 2
        }) { standIn, client in
            standIn.setFaults {
                $0.stallAfterHead = [Tokens.octocat]
                $0.stallSeconds = 23  // past the deadline
            }
            let octocatAsked = { standIn.seen.filter { $0.authorization == "Bearer \(Tokens.octocat)" }.count }
            let stalled = (0..<6).map { _ in
                Task { () -> UpstreamFailure? in
                    do {
                        _ = try await client.repositories(token: token(Tokens.octocat), count: 10)
                        return nil
                    } catch let failure as UpstreamFailure {
                        return failure
                    }
                }
            }
            // Octocat's share reaches GitHub and stalls there; the other four wait for a turn.
            let asking = ContinuousClock.now
            while octocatAsked() < 2, asking.duration(to: .now) < .seconds(10) {
                try await Task.sleep(for: .milliseconds(20))
            }
            // Two slots are octocat's; hubot gets one of the other two at once.
            let hubot = try await client.repositories(token: token(Tokens.hubot), count: 10)
            #expect(hubot.map(\.name) == ["chatops"])
            #expect(octocatAsked() == 2, "only octocat's share reached GitHub")
            for task in stalled {
                let failure = try await task.value
                #expect(failure == .timedOut || failure == .busy, "\(String(describing: failure))")
            }
        }
    }
}
