import Foundation

/// GitHub's timestamps (GH-10): ISO 8601 in UTC, `2011-01-26T19:14:43Z`. The models read and write
/// them as strings themselves, so any `JSONDecoder` decodes them, whatever its date strategy.
enum GitHubDate {
    /// The date `text` names; fractional seconds and offsets other than `Z` are accepted too.
    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// `2011-01-26T19:14:43Z`, as GitHub writes it.
    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

extension KeyedDecodingContainer {
    /// A GitHub timestamp at `key`; a string that is not one is `DecodingError.dataCorrupted`.
    func decodeGitHubDate(forKey key: Key) throws -> Date {
        let text = try decode(String.self, forKey: key)
        guard let date = GitHubDate.parse(text) else {
            throw DecodingError.dataCorruptedError(forKey: key, in: self, debugDescription: "Not an ISO 8601 timestamp")
        }
        return date
    }
}
