import Foundation
import GitHub

extension FakeGitHub {
    /// The router tests' account: `octo`, behind `token`, with three repositories: `hello` (a README
    /// with a table and code, and a `docs` folder), `hostile` (a README carrying script payloads)
    /// and `bare` (private, no README).
    public static func octo() -> FakeGitHub {
        FakeGitHub { state in
            state.users = [token: GitHubUser(login: "octo", id: 1, name: "Octo", htmlURL: URL(string: "https://github.com/octo")!)]
            state.repositories = octoRepositories
            for repository in octoRepositories {
                state.details[repository.id] = RepositoryDetails(
                    repository: repository, subscribersCount: 78,
                    license: repository.name == "hello" ? License(name: "MIT License", spdxId: "MIT") : nil)
                state.trees[repository.fullName] = RepositoryTree(folders: repository.name == "hello" ? ["docs"] : [], isTruncated: false)
            }
            state.readmes = [
                "octo/hello": Readme(
                    text: "# Hello\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n\n```swift\nlet x = 1\n```\n", path: "README.md", htmlURL: nil, downloadURL: nil),
                "octo/hostile": Readme(text: hostileReadme, path: "README.md", htmlURL: nil, downloadURL: nil),
            ]
            addOctoCode(to: &state)
            addOctoIssues(to: &state)
        }
    }

    /// The token `octo()` knows.
    public static let token = "ghp_" + String(repeating: "aB3", count: 12)
    /// A well-formed token no account has.
    public static let otherToken = "ghp_" + String(repeating: "Zy9", count: 12)
    public static let hostileReadme = """
        # Hostile

        <script>alert('x')</script><img src=x onerror="alert(1)">

        [click](javascript:alert(1)) and [fine](docs/guide.md)
        """

    public static let octoRepositories: [Repository] = ["hello", "hostile", "bare"].enumerated().map { index, name in
        Repository(
            id: 100 + index, name: name, fullName: "octo/\(name)",
            ownerLogin: "octo", description: index == 0 ? "Says <hello> & more" : nil, language: ["Swift", "C++", nil][index],
            stargazersCount: [1234, 5, 0][index], forksCount: [56, 1, 0][index],
            updatedAt: Date(timeIntervalSince1970: 1_763_800_000 - Double(index) * 86_400), isPrivate: index == 2,
            htmlURL: URL(string: "https://github.com/octo/\(name)")!, defaultBranch: "main")
    }
}
