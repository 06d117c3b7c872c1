/// Text the app shows in the reader's language: a map from language code (`en`, `ru`, `pl`) to
/// the text (SG-2, SG-3, SG-8). Kept independent of the Localization module so the core stays a
/// leaf; the web face passes the negotiated language's code.
public struct LocalizedText: Hashable, Sendable, Codable {
    /// Language code → text. Codes are lower-case primary subtags.
    public let translations: [String: String]

    /// The language used when the reader's has no entry.
    public static let fallbackLanguage = "en"

    public init(_ translations: [String: String]) {
        self.translations = translations
    }

    /// The text for `languageCode` (`ru`, or a tag such as `ru-RU`), else the English text, else
    /// the entry of the alphabetically first language, else the empty string.
    public func text(for languageCode: String) -> String {
        let primary = languageCode.split(whereSeparator: { $0 == "-" || $0 == "_" }).first
            .map { $0.lowercased() } ?? ""
        if let text = translations[primary] { return text }
        if let text = translations[Self.fallbackLanguage] { return text }
        return translations.keys.min().flatMap { translations[$0] } ?? ""
    }
}
