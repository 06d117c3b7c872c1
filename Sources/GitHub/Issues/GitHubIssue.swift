import Foundation

/// An issue or a pull request as GitHub lists and shows it (issue 49): `GET /repos/{o}/{r}/issues`
/// (each item; a pull request carries a `pull_request` key), `/pulls` (no `comments` count there)
/// and `/issues/{number}`. `{"number", "title", "state", "user": {"login"} or null, "labels":
/// [{"name", "color", "description"}], "comments", "created_at", "body", "html_url"}`.
public struct GitHubIssue: Decodable, Sendable, Hashable, Identifiable {
    public let number: Int
    public let title: String
    /// `open` or `closed`.
    public let isOpen: Bool
    /// The author's login; nil for a deleted account (GitHub sends `user: null`).
    public let authorLogin: String?
    public let labels: [IssueLabel]
    /// How many comments; nil where GitHub does not say (the pulls list).
    public let commentCount: Int?
    public let createdAt: Date
    /// The Markdown the author wrote; nil or empty when they wrote none.
    public let body: String?
    public let htmlURL: URL?
    /// Whether this is a pull request: the issues endpoint marks one with a `pull_request` key, and
    /// every item of the pulls endpoint is one.
    public let isPullRequest: Bool

    public init(
        number: Int, title: String, isOpen: Bool = true, authorLogin: String?, labels: [IssueLabel] = [], commentCount: Int? = 0,
        createdAt: Date, body: String? = nil, htmlURL: URL? = nil, isPullRequest: Bool = false
    ) {
        self.number = number
        self.title = title
        self.isOpen = isOpen
        self.authorLogin = authorLogin
        self.labels = labels
        self.commentCount = commentCount
        self.createdAt = createdAt
        self.body = body
        self.htmlURL = htmlURL
        self.isPullRequest = isPullRequest
    }

    public var id: Int { number }

    enum CodingKeys: String, CodingKey {
        case number, title, state, user, labels, comments, body, head
        case createdAt = "created_at"
        case htmlURL = "html_url"
        case pullRequest = "pull_request"
    }

    enum UserKeys: String, CodingKey {
        case login
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        title = try container.decode(String.self, forKey: .title)
        isOpen = (try container.decodeIfPresent(String.self, forKey: .state)) != "closed"
        let user = try? container.nestedContainer(keyedBy: UserKeys.self, forKey: .user)
        authorLogin = try user?.decodeIfPresent(String.self, forKey: .login)
        labels = (try? container.decodeIfPresent([LenientLabel].self, forKey: .labels))?.compactMap(\.label) ?? []
        commentCount = try container.decodeIfPresent(Int.self, forKey: .comments).map { max(0, $0) }
        createdAt = try container.decodeGitHubDate(forKey: .createdAt)
        body = try container.decodeIfPresent(String.self, forKey: .body)
        htmlURL = try? container.decodeIfPresent(URL.self, forKey: .htmlURL)
        // `head` is what only a pull request object has (the pulls endpoint's items).
        isPullRequest = container.contains(.pullRequest) || container.contains(.head)
    }

    /// A label as an item of `labels`: an object, or (in GitHub's older answers) its name alone.
    private struct LenientLabel: Decodable {
        let label: IssueLabel?
        init(from decoder: any Decoder) throws {
            if let object = try? IssueLabel(from: decoder) {
                label = object
            } else if let name = try? decoder.singleValueContainer().decode(String.self) {
                label = IssueLabel(name: name, color: "")
            } else {
                label = nil
            }
        }
    }
}

/// A label of an issue: its name, and its colour as GitHub stores it (six hexadecimal digits
/// without `#`, not checked here: `LabelChip` checks it before any use).
public struct IssueLabel: Decodable, Sendable, Hashable {
    public let name: String
    public let color: String
    public let description: String?

    public init(name: String, color: String, description: String? = nil) {
        self.name = name
        self.color = color
        self.description = description
    }

    enum CodingKeys: String, CodingKey {
        case name, color, description
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        color = (try? container.decodeIfPresent(String.self, forKey: .color)) ?? ""
        description = try? container.decodeIfPresent(String.self, forKey: .description)
    }
}

/// A comment on an issue or pull request (issue 49), from `GET /repos/{o}/{r}/issues/{n}/comments`:
/// `{"id", "user": {"login"} or null, "body", "created_at", "html_url"}`.
public struct IssueComment: Decodable, Sendable, Hashable, Identifiable {
    public let id: Int
    public let authorLogin: String?
    public let body: String
    public let createdAt: Date

    public init(id: Int, authorLogin: String?, body: String, createdAt: Date) {
        self.id = id
        self.authorLogin = authorLogin
        self.body = body
        self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey {
        case id, user, body
        case createdAt = "created_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(Int.self, forKey: .id)
        let user = try? container.nestedContainer(keyedBy: GitHubIssue.UserKeys.self, forKey: .user)
        authorLogin = try user?.decodeIfPresent(String.self, forKey: .login)
        body = try container.decodeIfPresent(String.self, forKey: .body) ?? ""
        createdAt = try container.decodeGitHubDate(forKey: .createdAt)
    }
}

/// Which issues a list shows: GitHub's `state` query value.
public enum IssueState: String, Sendable, Hashable, CaseIterable {
    case open, closed
}

/// What a list of the repository's shows (issue 49): its issues (pull requests left out) or its pull requests.
public enum IssueListKind: String, Sendable, Hashable, CaseIterable {
    case issues, pulls
}
