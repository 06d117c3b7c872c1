import Foundation
import GitHub
import TestDoubles
import Testing
import Upstream

@Suite("GitHubService (GH-1, GH-2, GH-3, GH-6, GH-9)")
struct GitHubServiceTests {
    let storage = InMemoryKeyValueStorage()

    /// A service holding `token`, which GitHub knows (unless the test sets a failure).
    func signedIn(_ api: FakeGitHub, token: String = Tokens.classic) async -> GitHubService {
        api.update { $0.users[token] = $0.users[token] ?? sampleUser }
        await storage.set(token, forKey: GitHubService.tokenKey)
        return GitHubService(api: api, storage: storage)
    }

    // MARK: Signing in

    @Test("a sign-in GitHub accepts returns the user and stores the trimmed token")
    func signIn() async throws {
        let api = FakeGitHub { $0.users = [Tokens.classic: sampleUser] }
        let repository = GitHubService(api: api, storage: storage)
        #expect(try await !repository.isSignedIn)
        let user = try await repository.signIn(token: "  \(Tokens.classic)\n")
        #expect(user == sampleUser)
        #expect(api.calls == ["user"])
        #expect(api.tokens == [Tokens.classic])
        #expect(await storage.values[GitHubService.tokenKey] == Tokens.classic)
        #expect(await keptUser() == sampleUser)
        #expect(try await repository.isSignedIn)
    }

    /// The user kept beside the token, decoded.
    func keptUser() async -> GitHubUser? {
        guard let json = await storage.values[GitHubService.userKey] else { return nil }
        return try? JSONDecoder().decode(GitHubUser.self, from: Data(json.utf8))
    }

    @Test("a token GitHub refuses is not stored, and a stored one stays")
    func refusedSignIn() async throws {
        let api = FakeGitHub { $0.users = [Tokens.classic: sampleUser] }
        let repository = GitHubService(api: api, storage: storage)
        await #expect(throws: GitHubFailure.badCredentials) { try await repository.signIn(token: Tokens.other) }
        #expect(await storage.values.isEmpty)

        try await repository.signIn(token: Tokens.classic)
        await #expect(throws: GitHubFailure.badCredentials) { try await repository.signIn(token: Tokens.other) }
        #expect(await storage.values[GitHubService.tokenKey] == Tokens.classic)
        #expect(await keptUser() == sampleUser)
    }

    @Test("any failed sign-in stores nothing", arguments: [
        UpstreamFailure.offline, .timedOut, .rateLimited(resetsAt: nil), .server(status: 500), .unreadable,
    ])
    func failedSignIn(failure: UpstreamFailure) async {
        let api = FakeGitHub {
            $0.users = [Tokens.classic: sampleUser]
            $0.failure = failure
        }
        let repository = GitHubService(api: api, storage: storage)
        await #expect(throws: GitHubFailure(failure)) { try await repository.signIn(token: Tokens.classic) }
        #expect(await storage.values.isEmpty)
    }

    @Test("a malformed token is refused without any request", arguments: [
        ("", TokenProblem.empty), ("   ", .empty), ("ghp_ abc", .containsSpaces), ("hunter2", .unrecognised),
        (String(Tokens.classic.dropLast()), .unrecognised),
    ])
    func malformed(text: String, problem: TokenProblem) async {
        let api = FakeGitHub()
        let repository = GitHubService(api: api, storage: storage)
        await #expect(throws: GitHubFailure.malformedToken(problem)) { try await repository.signIn(token: text) }
        #expect(api.calls.isEmpty)
        #expect(await storage.values.isEmpty)
    }

    @Test("signing out forgets the token; calls then throw .signedOut without a request")
    func signOut() async throws {
        let api = FakeGitHub()
        let repository = await signedIn(api)
        try await repository.signOut()
        #expect(try await !repository.isSignedIn)
        await #expect(throws: GitHubFailure.signedOut) { try await repository.getRepositories() }
        await #expect(throws: GitHubFailure.signedOut) { try await repository.getRepository(id: 1) }
        await #expect(throws: GitHubFailure.signedOut) {
            try await repository.getRepositoryReadme(owner: "octocat", repository: "appdeck", branch: "main")
        }
        #expect(api.calls.isEmpty)
    }

    // MARK: Who is signed in (issue 37)

    @Test("who is signed in comes from the sign-in, without asking GET /user again")
    func signedInUserFromSignIn() async throws {
        let api = FakeGitHub { $0.users = [Tokens.classic: sampleUser] }
        let repository = GitHubService(api: api, storage: storage)
        try await repository.signIn(token: Tokens.classic)
        #expect(await repository.signedInUser() == sampleUser)
        #expect(await repository.signedInUser()?.avatarURL == sampleUser.avatarURL)
        #expect(api.calls == ["user"])
    }

    @Test("a sign-in that kept no user asks GET /user once and keeps the answer")
    func signedInUserAskedOnce() async throws {
        let api = FakeGitHub { $0.users = [Tokens.classic: sampleUser] }
        let repository = await signedIn(api)
        #expect(await repository.signedInUser() == sampleUser)
        #expect(await repository.signedInUser() == sampleUser)
        #expect(api.calls == ["user"])
        #expect(await keptUser() == sampleUser)
    }

    @Test("when GET /user fails there is no user, the list still loads, and the next load asks again",
          arguments: [UpstreamFailure.offline, .timedOut, .server(status: 502), .unreadable])
    func signedInUserFails(failure: UpstreamFailure) async throws {
        let api = FakeGitHub {
            $0.users = [Tokens.classic: sampleUser]
            $0.failure = failure
        }
        let repository = await signedIn(api)
        #expect(await repository.signedInUser() == nil)
        api.update { $0.failure = nil }
        #expect(try await repository.getRepositories().isEmpty)
        #expect(await repository.signedInUser() == sampleUser)
        #expect(api.calls == ["user", "repositories(10)", "user"])
    }

    @Test("signed out there is no user and nothing is asked; signing out forgets the kept user")
    func signedInUserSignedOut() async throws {
        let api = FakeGitHub { $0.users = [Tokens.classic: sampleUser] }
        let repository = GitHubService(api: api, storage: storage)
        #expect(await repository.signedInUser() == nil)
        #expect(api.calls.isEmpty)
        try await repository.signIn(token: Tokens.classic)
        try await repository.signOut()
        #expect(await storage.values.isEmpty)
        #expect(await repository.signedInUser() == nil)
        #expect(api.calls == ["user"])
    }

    @Test("a stored value that is not a token counts as signed out and is removed")
    func corruptedToken() async throws {
        await storage.set("not a token", forKey: GitHubService.tokenKey)
        let api = FakeGitHub()
        let repository = GitHubService(api: api, storage: storage)
        await #expect(throws: GitHubFailure.signedOut) { try await repository.getRepositories() }
        #expect(await storage.values.isEmpty)
        #expect(api.calls.isEmpty)
    }

    // MARK: Repositories

    @Test("the list asks for 10 and gives the first 10, most recently updated first (ties keep GitHub's order)")
    func firstTen() async throws {
        let base = date("2025-03-01T00:00:00Z")
        // 12 repositories in a scrambled order; 3 and 13 share a time.
        let days = [5, 1, 12, 3, 9, 7, 2, 11, 4, 8, 6, 10]
        var list = days.map { sampleRepository(id: $0, name: "repo\($0)", updatedAt: base.addingTimeInterval(Double($0) * 86_400)) }
        list.insert(sampleRepository(id: 13, name: "repo13", updatedAt: base.addingTimeInterval(3 * 86_400)), at: 0)
        let api = FakeGitHub { [list] in $0.repositories = list }
        let repositories = try await signedIn(api).getRepositories()
        #expect(api.calls == ["repositories(10)"])
        #expect(api.tokens == [Tokens.classic])
        #expect(repositories.map(\.id) == [12, 11, 10, 9, 8, 7, 6, 5, 4, 13])
    }

    @Test("fewer than 10 are all given; none is an empty list")
    func fewer() async throws {
        let api = FakeGitHub { $0.repositories = [sampleRepository(id: 1), sampleRepository(id: 2, updatedAt: now.addingTimeInterval(60))] }
        #expect(try await signedIn(api).getRepositories().map(\.id) == [2, 1])
        api.update { $0.repositories = [] }
        #expect(try await signedIn(api).getRepositories().isEmpty)
    }

    @Test("details and the README come with the stored token")
    func detailsAndReadme() async throws {
        let readme = Readme(text: "# appdeck", path: "README.md", htmlURL: nil, downloadURL: nil)
        let api = FakeGitHub {
            $0.details = [1: sampleDetails()]
            $0.readmes = ["octocat/appdeck": readme]
        }
        let repository = await signedIn(api, token: Tokens.fineGrained)
        #expect(try await repository.getRepository(id: 1) == sampleDetails())
        #expect(try await repository.getRepositoryReadme(owner: "octocat", repository: "appdeck", branch: "main") == readme)
        #expect(try await repository.getRepositoryReadme(owner: "octocat", repository: "other", branch: "dev") == nil)
        await #expect(throws: GitHubFailure.notFound) { try await repository.getRepository(id: 404) }
        #expect(api.calls == ["repository(1)", "readme(octocat/appdeck@main)", "readme(octocat/other@dev)", "repository(404)"])
        #expect(Set(api.tokens) == [Tokens.fineGrained])
    }

    // MARK: Revoked tokens

    @Test("a 401 from any call signs out: the token is removed and .badCredentials thrown")
    func revoked() async throws {
        for call in 0..<3 {
            let api = FakeGitHub { $0.failure = .badCredentials }
            let repository = await signedIn(api)
            await #expect(throws: GitHubFailure.badCredentials) {
                switch call {
                case 0: _ = try await repository.getRepositories()
                case 1: _ = try await repository.getRepository(id: 1)
                default: _ = try await repository.getRepositoryReadme(owner: "o", repository: "r", branch: "main")
                }
            }
            #expect(try await !repository.isSignedIn)
            await #expect(throws: GitHubFailure.signedOut) { try await repository.getRepositories() }
        }
    }

    @Test("a 401 for an old token does not remove a new one stored meanwhile")
    func revokedOldTokenKeepsNewOne() async throws {
        let storage = storage
        let api = FakeGitHub {
            $0.failure = .badCredentials
            $0.during = { await storage.set(Tokens.other, forKey: GitHubService.tokenKey) }
        }
        let repository = await signedIn(api)
        await #expect(throws: GitHubFailure.badCredentials) { try await repository.getRepositories() }
        #expect(await storage.values == [GitHubService.tokenKey: Tokens.other])
    }

    @Test("other failures keep the token and come through mapped", arguments: [
        (UpstreamFailure.offline, GitHubFailure.offline), (.timedOut, .timedOut), (.notFound, .notFound),
        (.rateLimited(resetsAt: now), .rateLimited(resetsAt: now)), (.server(status: 503), .server(status: 503)),
        (.unreadable, .unreadable), (.rejected(.tooLarge), .unreadable),
    ])
    func otherFailures(failure: UpstreamFailure, expected: GitHubFailure) async throws {
        let api = FakeGitHub { $0.failure = failure }
        let repository = await signedIn(api)
        await #expect(throws: expected) { try await repository.getRepositories() }
        #expect(try await repository.isSignedIn)
    }

    @Test("cancellation passes through as CancellationError and keeps the token")
    func cancellation() async throws {
        let api = FakeGitHub { $0.cancels = true }
        let repository = await signedIn(api)
        await #expect(throws: CancellationError.self) { try await repository.getRepositories() }
        await #expect(throws: CancellationError.self) { try await repository.signIn(token: Tokens.other) }
        #expect(await storage.values == [GitHubService.tokenKey: Tokens.classic])
    }
}
