/// What `GET /search/repositories` answers (issue 49): `{"total_count", "incomplete_results",
/// "items": [repository…]}`, each item the shape `GET /user/repos` lists.
public struct RepositorySearch: Decodable, Sendable, Hashable {
    public let totalCount: Int
    /// GitHub stopped looking before it had every match (its search timed out).
    public let isIncomplete: Bool
    public let items: [Repository]

    public init(totalCount: Int, isIncomplete: Bool = false, items: [Repository]) {
        self.totalCount = totalCount
        self.isIncomplete = isIncomplete
        self.items = items
    }

    enum CodingKeys: String, CodingKey {
        case items
        case totalCount = "total_count"
        case isIncomplete = "incomplete_results"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        totalCount = max(0, try container.decode(Int.self, forKey: .totalCount))
        isIncomplete = try container.decodeIfPresent(Bool.self, forKey: .isIncomplete) ?? false
        items = try container.decode([Repository].self, forKey: .items)
    }
}
