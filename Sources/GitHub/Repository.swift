import Foundation

/// One repository as `GET /user/repos` lists it (GH-2), and what the list hands the detail screen
/// (GH-9). Decoded from GitHub's JSON (GH-10): snake_case keys, the owner's login from the nested
/// `owner` object, `private` as `isPrivate`, `updated_at` as an ISO 8601 timestamp.
public struct Repository: Codable, Sendable, Hashable, Identifiable {
    public let id: Int
    public let name: String
    /// `owner/name`.
    public let fullName: String
    /// `owner.login`.
    public let ownerLogin: String
    public let description: String?
    /// The main language as GitHub's linguist names it (`Swift`, `C++`), nil when it found none.
    public let language: String?
    public let stargazersCount: Int
    public let forksCount: Int
    public let updatedAt: Date
    /// `private` in the JSON.
    public let isPrivate: Bool
    /// The repository's web page (GH-3).
    public let htmlURL: URL
    /// The branch whose README the detail screen shows.
    public let defaultBranch: String

    public init(
        id: Int, name: String, fullName: String, ownerLogin: String, description: String?, language: String?,
        stargazersCount: Int, forksCount: Int, updatedAt: Date, isPrivate: Bool, htmlURL: URL, defaultBranch: String
    ) {
        self.id = id
        self.name = name
        self.fullName = fullName
        self.ownerLogin = ownerLogin
        self.description = description
        self.language = language
        self.stargazersCount = stargazersCount
        self.forksCount = forksCount
        self.updatedAt = updatedAt
        self.isPrivate = isPrivate
        self.htmlURL = htmlURL
        self.defaultBranch = defaultBranch
    }

    enum CodingKeys: String, CodingKey {
        case id, name, owner, description, language
        case fullName = "full_name"
        case stargazersCount = "stargazers_count"
        case forksCount = "forks_count"
        case updatedAt = "updated_at"
        case isPrivate = "private"
        case htmlURL = "html_url"
        case defaultBranch = "default_branch"
    }

    enum OwnerKeys: String, CodingKey {
        case login
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        name = try container.decode(String.self, forKey: .name)
        fullName = try container.decode(String.self, forKey: .fullName)
        ownerLogin = try container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner).decode(String.self, forKey: .login)
        description = try container.decodeIfPresent(String.self, forKey: .description)
        language = try container.decodeIfPresent(String.self, forKey: .language)
        stargazersCount = try container.decode(Int.self, forKey: .stargazersCount)
        forksCount = try container.decode(Int.self, forKey: .forksCount)
        updatedAt = try container.decodeGitHubDate(forKey: .updatedAt)
        isPrivate = try container.decode(Bool.self, forKey: .isPrivate)
        htmlURL = try container.decode(URL.self, forKey: .htmlURL)
        defaultBranch = try container.decode(String.self, forKey: .defaultBranch)
    }

    /// Writes GitHub's shape back (the nested `owner`, `private`, snake_case keys).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encode(fullName, forKey: .fullName)
        var owner = container.nestedContainer(keyedBy: OwnerKeys.self, forKey: .owner)
        try owner.encode(ownerLogin, forKey: .login)
        try container.encode(description, forKey: .description)
        try container.encode(language, forKey: .language)
        try container.encode(stargazersCount, forKey: .stargazersCount)
        try container.encode(forksCount, forKey: .forksCount)
        try container.encode(GitHubDate.format(updatedAt), forKey: .updatedAt)
        try container.encode(isPrivate, forKey: .isPrivate)
        try container.encode(htmlURL, forKey: .htmlURL)
        try container.encode(defaultBranch, forKey: .defaultBranch)
    }
}
