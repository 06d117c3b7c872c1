/// A branch or a tag (issue 49), from `GET /repos/{owner}/{repo}/branches` or `/tags`: both
/// answer `[{"name", "commit": {"sha", "url"}, …}]`.
public struct GitReference: Decodable, Sendable, Hashable {
    public let name: String
    /// The commit it points at.
    public let sha: String

    public init(name: String, sha: String) {
        self.name = name
        self.sha = sha
    }

    enum CodingKeys: String, CodingKey {
        case name, commit
    }

    enum CommitKeys: String, CodingKey {
        case sha
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        sha = try container.nestedContainer(keyedBy: CommitKeys.self, forKey: .commit).decode(String.self, forKey: .sha)
    }
}
