import Foundation

/// Anchor names in a README, made the way GitHub makes them: prefixed with `user-content-`, so
/// no README can give an element an id our page or its scripts rely on (DOM clobbering), and
/// generated from a heading's text when the heading has none.
struct HeadingAnchors {
    static let prefix = "user-content-"
    private var usedSlugs: [String: Int] = [:]

    /// An id or name attribute from the README, prefixed; nil when nothing safe is left of it.
    static func anchor(forAttribute value: String) -> String? {
        let name = safeName(value)
        guard !name.isEmpty else { return nil }
        return name.hasPrefix(prefix) ? name : prefix + name
    }

    /// The `href` for a `#fragment` link, pointing at the prefixed anchor.
    static func fragmentLink(forAddress address: String) -> String {
        let fragment = String(address.dropFirst())
        let decoded = fragment.removingPercentEncoding ?? fragment
        return "#" + (anchor(forAttribute: decoded) ?? "")
    }

    /// A unique anchor for a heading with this text, as GitHub's slugs: lowercased, spaces made
    /// hyphens, punctuation removed, `-1`, `-2`… added to repeats.
    mutating func anchor(forHeadingText text: String) -> String? {
        let words = text.lowercased().split(whereSeparator: \.isWhitespace).joined(separator: "-")
        let slug = Self.safeName(words)
        guard !slug.isEmpty else { return nil }
        let repeats = usedSlugs[slug, default: 0]
        usedSlugs[slug] = repeats + 1
        return Self.prefix + (repeats == 0 ? slug : "\(slug)-\(repeats)")
    }

    /// Letters, digits, `-` and `_` only, at most 128 characters.
    private static func safeName(_ text: String) -> String {
        String(text.filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }.prefix(128))
    }
}
