import Foundation

/// The signed-in person, from `GET /user` (GH-1): what a successful sign-in returns.
public struct GitHubUser: Codable, Sendable, Hashable, Identifiable {
    public let login: String
    public let id: Int
    /// The display name, when the person set one.
    public let name: String?
    /// `https://github.com/<login>`.
    public let htmlURL: URL
    /// The profile picture (`avatar_url`, on `avatars.githubusercontent.com`); GitHub always
    /// sends one, but a user without it still signs in (issue 37: no picture shown).
    public let avatarURL: URL?

    public init(login: String, id: Int, name: String?, htmlURL: URL, avatarURL: URL? = nil) {
        self.login = login
        self.id = id
        self.name = name
        self.htmlURL = htmlURL
        self.avatarURL = avatarURL
    }

    enum CodingKeys: String, CodingKey {
        case login, id, name
        case htmlURL = "html_url"
        case avatarURL = "avatar_url"
    }
}
