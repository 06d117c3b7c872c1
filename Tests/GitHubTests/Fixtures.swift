import Foundation
import GitHub
import Localization

/// Tokens of each format. Made of repeated characters, so nobody mistakes them for real ones.
enum Tokens {
    static let classic = "ghp_" + String(repeating: "A1b2", count: 9)
    static let other = "ghp_" + String(repeating: "Z9y8", count: 9)
    static let fineGrained = "github_pat_" + String(repeating: "a", count: 22) + "_" + String(repeating: "B9", count: 29) + "x"
    static let legacy = String(repeating: "0123456789abcdef", count: 2) + "01234567"
}

/// `2025-03-10T12:00:00Z`-style timestamps.
func date(_ text: String) -> Date {
    try! Date(text, strategy: .iso8601)
}

let utc = TimeZone(identifier: "UTC")!
let warsaw = TimeZone(identifier: "Europe/Warsaw")!
let now = date("2025-03-10T12:00:00Z")

func catalogue(_ language: Language) -> Catalogue {
    Catalogues.github[language]
}

func sampleRepository(
    id: Int = 1, name: String = "appdeck", owner: String = "octocat", description: String? = "iPhone apps on Linux",
    language: String? = "Swift", stars: Int = 42, forks: Int = 7, updatedAt: Date = now, isPrivate: Bool = false,
    htmlURL: URL? = nil
) -> Repository {
    Repository(
        id: id, name: name, fullName: "\(owner)/\(name)", ownerLogin: owner, description: description, language: language,
        stargazersCount: stars, forksCount: forks, updatedAt: updatedAt, isPrivate: isPrivate,
        htmlURL: htmlURL ?? URL(string: "https://github.com/\(owner)/\(name)")!, defaultBranch: "main")
}

func sampleDetails(
    _ repository: Repository = sampleRepository(), subscribers: Int = 3, license: License? = License(name: "MIT License", spdxId: "MIT")
) -> RepositoryDetails {
    RepositoryDetails(repository: repository, subscribersCount: subscribers, license: license)
}

let sampleUser = GitHubUser(
    login: "octocat", id: 583231, name: "The Octocat", htmlURL: URL(string: "https://github.com/octocat")!,
    avatarURL: URL(string: "https://avatars.githubusercontent.com/u/583231?v=4"))

/// Every failure a screen can be asked to show.
let allFailures: [GitHubFailure] =
    TokenProblem.allCases.map { .malformedToken($0) } + [
        .signedOut, .badCredentials, .rateLimited(resetsAt: nil), .rateLimited(resetsAt: now.addingTimeInterval(600)),
        .notFound, .offline, .timedOut, .busy, .server(status: 502), .unreadable,
    ]
