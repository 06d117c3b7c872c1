import Foundation

/// The languages AppDeck speaks. Every catalogue exists in each of them.
public enum Language: String, CaseIterable, Sendable, Codable, Hashable {
    case en, ru, pl

    public static let fallback: Language = .en

    /// The language's own name, as a switcher shows it.
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .ru: "Русский"
        case .pl: "Polski"
        }
    }

    /// A whole number with its thousands grouped as the language writes them: 10,000 in English,
    /// 10 000 (a no-break space) in Russian and Polish.
    public func grouped(_ number: Int) -> String {
        let digits = String(number.magnitude)
        let count = digits.utf8.count
        // A list writes two counts a card: most have no group to separate.
        guard count > 3 else { return number < 0 ? "-" + digits : digits }
        let separator = self == .en ? "," : "\u{00A0}"
        var out = number < 0 ? "-" : ""
        for (index, digit) in digits.unicodeScalars.enumerated() {
            if index > 0, (count - index) % 3 == 0 { out += separator }
            out.unicodeScalars.append(digit)
        }
        return out
    }

    /// Accepts "ru", "ru-RU", "ru_RU.UTF-8", "PL"; nil for anything else.
    public init?(tag: String) {
        let primary = tag.trimmingCharacters(in: .whitespaces)
            .split(whereSeparator: { $0 == "-" || $0 == "_" || $0 == "." })
            .first.map { $0.lowercased() } ?? ""
        guard let language = Language(rawValue: primary) else { return nil }
        self = language
    }

    /// Picks the best language from an HTTP Accept-Language header (RFC 9110 §12.5.4):
    /// highest q-value first, ties in header order; `q=0` means "not acceptable".
    public static func negotiate(acceptLanguage header: String?) -> Language {
        guard let header, !header.isEmpty else { return fallback }
        var best: (language: Language, q: Double)?
        for item in header.split(separator: ",") {
            let parts = item.split(separator: ";")
            guard let tag = parts.first, let language = Language(tag: String(tag)) else { continue }
            var q = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1)
                if pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces) == "q" {
                    q = Double(pair[1].trimmingCharacters(in: .whitespaces)) ?? 0
                }
            }
            if q > 0, q > (best?.q ?? 0) { best = (language, q) }
        }
        return best?.language ?? fallback
    }

    /// The CLDR plural category of `count` in this language (integers only). Counts can come from
    /// upstream (a repository's stars), so `Int.min` must not trap: `magnitude`, never `abs`.
    public func pluralCategory(_ count: Int) -> PluralCategory {
        let n = count.magnitude
        switch self {
        case .en:
            return n == 1 ? .one : .other
        case .ru:
            if n % 10 == 1 && n % 100 != 11 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        case .pl:
            if n == 1 { return .one }
            if (2...4).contains(n % 10) && !(12...14).contains(n % 100) { return .few }
            return .many
        }
    }
}

public enum PluralCategory: String, Sendable, CaseIterable {
    case one, few, many, other
}
