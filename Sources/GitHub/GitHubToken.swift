/// A personal access token that passed `TokenFormat`'s check (GH-1). It never prints itself:
/// `description`, `debugDescription`, string interpolation, `dump` and mirrors all show
/// `GitHubToken(redacted)`, so a token cannot reach a log or a page by accident. It is
/// deliberately not `Codable`; the secret is read only through `secret`, by the client that sends
/// it and the repository that stores it.
public struct GitHubToken: Sendable, Hashable {
    /// The token itself, trimmed. Read it only to send it to GitHub or to store it encrypted.
    public let secret: String
    public let format: TokenFormat

    /// Trims `text` and checks its format; throws the `TokenProblem` otherwise.
    public init(_ text: String) throws(TokenProblem) {
        switch TokenFormat.check(text) {
        case .success(let checked):
            secret = checked.token
            format = checked.format
        case .failure(let problem):
            throw problem
        }
    }

    static let redacted = "GitHubToken(redacted)"
}

extension GitHubToken: CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    public var description: String { Self.redacted }
    public var debugDescription: String { Self.redacted }
    /// No children, so `dump` and debuggers show the redacted description only.
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
