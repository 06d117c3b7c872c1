import Devices
import Foundation
import GitHub
import Synchronization

/// GitHub as the router tests need it: one account behind one token, with three repositories
/// (one README carrying script payloads, one without a README), and a switch that makes every
/// call fail the way GitHub can.
public final class ScriptedGitHub: GitHubAPI {
    public static let token = "ghp_" + String(repeating: "aB3", count: 12)
    public static let otherToken = "ghp_" + String(repeating: "Zy9", count: 12)
    public static let hostileReadme = """
        # Hostile

        <script>alert('x')</script><img src=x onerror="alert(1)">

        [click](javascript:alert(1)) and [fine](docs/guide.md)
        """

    public let failure = Mutex<GitHubFailure?>(nil)
    public let calls = Mutex<[String]>([])
    /// READMEs by repository name that take the place of the built-in ones.
    public let readmes = Mutex<[String: Readme]>([:])

    public init() {}

    public static let repositories: [Repository] = (0..<3).map { index in
        Repository(
            id: 100 + index, name: ["hello", "hostile", "bare"][index], fullName: "octo/\(["hello", "hostile", "bare"][index])",
            ownerLogin: "octo", description: index == 0 ? "Says <hello> & more" : nil, language: ["Swift", "C++", nil][index],
            stargazersCount: [1234, 5, 0][index], forksCount: [56, 1, 0][index],
            updatedAt: Date(timeIntervalSince1970: 1_763_800_000 - Double(index) * 86_400), isPrivate: index == 2,
            htmlURL: URL(string: "https://github.com/octo/\(["hello", "hostile", "bare"][index])")!, defaultBranch: "main")
    }

    private func check(_ token: GitHubToken, _ call: String) throws {
        calls.withLock { $0.append(call) }
        if let failure = failure.withLock({ $0 }) { throw failure }
        guard token.secret == Self.token else { throw GitHubFailure.badCredentials }
    }

    public func user(token: GitHubToken) async throws -> GitHubUser {
        try check(token, "user")
        return GitHubUser(login: "octo", id: 1, name: "Octo", htmlURL: URL(string: "https://github.com/octo")!)
    }

    public func repositories(token: GitHubToken, count: Int) async throws -> [Repository] {
        try check(token, "repositories")
        return Array(Self.repositories.prefix(count))
    }

    public func repository(id: Int, token: GitHubToken) async throws -> RepositoryDetails {
        try check(token, "repository \(id)")
        guard let repository = Self.repositories.first(where: { $0.id == id }) else { throw GitHubFailure.notFound }
        return RepositoryDetails(
            repository: repository, subscribersCount: 78,
            license: repository.id == 100 ? License(name: "MIT License", spdxId: "MIT") : nil)
    }

    /// `hello` has a `docs` folder; the others have no folders.
    public func tree(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> RepositoryTree? {
        try check(token, "tree \(owner)/\(repository)@\(branch)")
        return RepositoryTree(folders: repository == "hello" ? ["docs"] : [], isTruncated: false)
    }

    public func readme(owner: String, repository: String, branch: String, token: GitHubToken) async throws -> Readme? {
        try check(token, "readme \(owner)/\(repository)@\(branch)")
        if let readme = readmes.withLock({ $0[repository] }) { return readme }
        switch repository {
        case "hello": return Readme(text: "# Hello\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n```swift\nlet x = 1\n```\n", path: "README.md", htmlURL: nil, downloadURL: nil)
        case "hostile": return Readme(text: Self.hostileReadme, path: "README.md", htmlURL: nil, downloadURL: nil)
        default: return nil
        }
    }
}

/// A `KeyValueStorage` in memory, for tests and previews. Forgets everything when released.
public actor InMemoryKeyValueStorage: KeyValueStorage {
    /// Everything stored, by key.
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public func string(forKey key: String) -> String? {
        values[key]
    }

    public func set(_ value: String, forKey key: String) {
        values[key] = value
    }

    public func remove(forKey key: String) {
        values.removeValue(forKey: key)
    }
}

/// Each device's secrets in memory, for the router tests over in-memory stores.
public final class InMemorySecrets: Sendable {
    let storages = Mutex([DeviceID: InMemoryKeyValueStorage]())

    public init() {}

    public func storage(_ owner: DeviceID) -> InMemoryKeyValueStorage {
        storages.withLock { all in
            if let existing = all[owner] { return existing }
            let made = InMemoryKeyValueStorage()
            all[owner] = made
            return made
        }
    }
}
