import Foundation
import GitHub
import TestDoubles
import Testing
import Upstream

@Suite("What the GitHub screens load, in their order (GH-2, GH-3, GH-5)")
struct RepositoryPagesTests {
    /// A service holding a token GitHub knows (unless the test sets a failure).
    func signedIn(_ api: FakeGitHub) async -> GitHubService {
        api.update { $0.users[Tokens.classic] = sampleUser }
        let storage = InMemoryKeyValueStorage()
        await storage.set(Tokens.classic, forKey: GitHubService.tokenKey)
        return GitHubService(api: api, storage: storage)
    }

    @Test("the list is asked beside the details, the README and the branch's folders once the details name the branch")
    func order() async throws {
        let readme = Readme(text: "# appdeck", path: "README.md", htmlURL: nil, downloadURL: nil)
        let tree = RepositoryTree(folders: ["docs"], isTruncated: false)
        let api = FakeGitHub {
            $0.repositories = [sampleRepository()]
            $0.details = [1: sampleDetails()]
            $0.readmes = ["octocat/appdeck": readme]
            $0.trees = ["octocat/appdeck": tree]
        }
        let page = try await signedIn(api).repositoryPage(id: 1)
        #expect(page.details == .loaded(sampleDetails()))
        #expect(page.readme == .loaded(readme))
        #expect(page.tree == tree)
        #expect(page.row == sampleRepository())
        #expect(page.signInNeeded == nil)
        // The list runs beside the details, so it may be logged anywhere; the README and the tree come after the details.
        #expect(Set(api.calls) == ["repositories(10)", "repository(1)", "readme(octocat/appdeck@main)", "tree(octocat/appdeck@main)"])
        let details = try #require(api.calls.firstIndex(of: "repository(1)"))
        let readmeCall = try #require(api.calls.firstIndex(of: "readme(octocat/appdeck@main)"))
        let treeCall = try #require(api.calls.firstIndex(of: "tree(octocat/appdeck@main)"))
        #expect(details < readmeCall && details < treeCall)
    }

    @Test("folders that fail to load leave the README as it is")
    func failedTree() async throws {
        let readme = Readme(text: "# appdeck", path: "README.md", htmlURL: nil, downloadURL: nil)
        let api = FakeGitHub {
            $0.repositories = [sampleRepository()]
            $0.details = [1: sampleDetails()]
            $0.readmes = ["octocat/appdeck": readme]
            $0.treeFailure = .server(status: 502)
        }
        let page = try await signedIn(api).repositoryPage(id: 1)
        #expect(page.tree == nil)
        #expect(page.readme == .loaded(readme))
    }

    @Test("a repository that did not load asks for no README; a missing row is nil")
    func failedDetails() async throws {
        let api = FakeGitHub { $0.repositories = [sampleRepository()] }
        let page = try await signedIn(api).repositoryPage(id: 404)
        #expect(page.details == .failed(.notFound))
        #expect(page.readme == .loaded(nil))
        #expect(page.row == nil)
        #expect(!api.calls.contains { $0.hasPrefix("readme") || $0.hasPrefix("tree") })
    }

    @Test("no token, or a refused one, is what sends a screen to sign-in; other failures show in place")
    func signIn() async throws {
        let signedOut = GitHubService(api: FakeGitHub { _ in }, storage: InMemoryKeyValueStorage())
        #expect(try await signedOut.listPage().signInNeeded == .signedOut)
        #expect(try await signedOut.repositoryPage(id: 1).signInNeeded == .signedOut)
        let refused = await signedIn(FakeGitHub { $0.failure = .badCredentials })
        #expect(try await refused.repositoryPage(id: 1).signInNeeded == .badCredentials)
        let offline = await signedIn(FakeGitHub { $0.failure = .offline })
        let page = try await offline.listPage()
        #expect(page == .failed(.offline) && page.signInNeeded == nil)
    }

    /// A token storage whose database is away.
    struct AwayStorage: KeyValueStorage {
        struct Away: Error {}
        func string(forKey key: String) async throws -> String? { throw Away() }
        func set(_ value: String, forKey key: String) async throws { throw Away() }
        func remove(forKey key: String) async throws { throw Away() }
    }

    @Test("a storage that fails is the server's fault, thrown as it is, never shown as GitHub's (issue 33, found 12)")
    func storageAway() async throws {
        let away = GitHubService(api: FakeGitHub { _ in }, storage: AwayStorage())
        await #expect(throws: AwayStorage.Away.self) { try await away.listPage() }
        await #expect(throws: AwayStorage.Away.self) { try await away.repositoryPage(id: 1) }
    }
}
