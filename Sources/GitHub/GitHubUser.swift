import Foundation

/// The signed-in person, from `GET /user` (GH-1): what a successful sign-in returns.
public struct GitHubUser: Codable, Sendable, Hashable, Identifiable {
    public let login: String
    public let id: Int
    /// The display name, when the person set one.
    public let name: String?
    /// `https://github.com/<login>`.
    public let htmlURL: URL

    public init(login: String, id: Int, name: String?, htmlURL: URL) {
        self.login = login
        self.id = id
        self.name = name
        self.htmlURL = htmlURL
    }

    enum CodingKeys: String, CodingKey {
        case login, id, name
        case htmlURL = "html_url"
    }
}
