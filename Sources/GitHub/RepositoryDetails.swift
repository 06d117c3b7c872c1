import Foundation

/// A repository's licence as GitHub detected it (GH-3).
public struct License: Codable, Sendable, Hashable {
    /// GitHub's name for it: `MIT License`, `Apache License 2.0`, or `Other`.
    public let name: String
    /// `MIT`, `Apache-2.0`; `NOASSERTION` when GitHub found a licence file it cannot identify.
    public let spdxId: String?

    public init(name: String, spdxId: String?) {
        self.name = name
        self.spdxId = spdxId
    }

    /// Whether GitHub identified the licence (it names unidentified ones `Other`, `NOASSERTION`).
    public var isIdentified: Bool {
        guard let spdxId else { return false }
        return !spdxId.isEmpty && spdxId != "NOASSERTION"
    }

    enum CodingKeys: String, CodingKey {
        case name
        case spdxId = "spdx_id"
    }
}

/// One repository in full, from `GET /repositories/{id}` (GH-3): the listed fields plus the
/// numbers and licence the detail screen shows. The same JSON object as the list's, with more keys.
public struct RepositoryDetails: Codable, Sendable, Hashable, Identifiable {
    public let repository: Repository
    /// Watchers as GitHub's web page counts them ("Watch"): the people subscribed to the
    /// repository's notifications, `subscribers_count` in the JSON. The JSON's `watchers_count`
    /// (and `watchers`) is an old alias of `stargazers_count` the API keeps for compatibility; it is
    /// deliberately not read. Only the full repository object carries `subscribers_count`.
    public let subscribersCount: Int
    /// nil when GitHub found no licence.
    public let license: License?

    public init(repository: Repository, subscribersCount: Int, license: License?) {
        self.repository = repository
        self.subscribersCount = subscribersCount
        self.license = license
    }

    public var id: Int { repository.id }
    public var name: String { repository.name }
    public var ownerLogin: String { repository.ownerLogin }
    public var forksCount: Int { repository.forksCount }
    public var stargazersCount: Int { repository.stargazersCount }
    /// The watchers GH-3 asks for: `subscribersCount`.
    public var watchersCount: Int { subscribersCount }
    public var htmlURL: URL { repository.htmlURL }
    public var defaultBranch: String { repository.defaultBranch }

    enum CodingKeys: String, CodingKey {
        case subscribersCount = "subscribers_count"
        case license
    }

    public init(from decoder: any Decoder) throws {
        repository = try Repository(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        subscribersCount = try container.decode(Int.self, forKey: .subscribersCount)
        license = try container.decodeIfPresent(License.self, forKey: .license)
    }

    public func encode(to encoder: any Encoder) throws {
        try repository.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(subscribersCount, forKey: .subscribersCount)
        try container.encode(license, forKey: .license)
    }
}
