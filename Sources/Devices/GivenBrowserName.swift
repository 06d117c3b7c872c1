/// A name a person gives a browser on the Devices screen (issue 50: two linked iPhones are both
/// "Safari on iPhone"): what was typed, trimmed, at most `maximumLength` characters, no control
/// characters. Nothing left after trimming gives the User-Agent's name back.
public enum GivenBrowserName {
    public static let maximumLength = 40

    public enum Problem: Error, Sendable, Hashable {
        /// Longer than `maximumLength` characters.
        case tooLong
        /// A line break, a tab or another control character.
        case controlCharacter
    }

    /// The name to keep, or nil for the User-Agent's name again.
    public static func read(_ typed: String) throws(Problem) -> String? {
        let trimmed = typed.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.isEmpty { return nil }
        guard trimmed.count <= maximumLength else { throw .tooLong }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else { throw .controlCharacter }
        return trimmed
    }
}
