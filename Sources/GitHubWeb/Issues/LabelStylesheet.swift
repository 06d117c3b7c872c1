import ColorContrast
import GitHub
import WebShell

/// `/github/labels.css?c=d73a4a,7057ff` (issue 49): one rule per label colour a page shows, its
/// background and its black or white text (`TextOnColor`). The CSP forbids inline styles, so a
/// page links this with the colours it needs. Only six hexadecimal digits become a rule, written
/// back from the parsed colour: nothing else in the query reaches the CSS.
enum LabelStylesheet {
    /// The most colours one stylesheet holds: a page of 300 issues with a few labels each.
    static let maximumColors = 300

    /// The stylesheet's address for `chips`' colours, sorted and once each; nil without a chip.
    static func href(for chips: [LabelChip]) -> String? {
        let keys = Set(chips.map(\.colorKey)).sorted().prefix(maximumColors)
        guard !keys.isEmpty else { return nil }
        return GitHubPath.labels.link(query: ["c": keys.joined(separator: ",")])
    }

    /// The rules for the colours `query` names; anything that is not six hexadecimal digits is skipped.
    static func css(colors query: String) -> String {
        let colors = query.split(separator: ",", omittingEmptySubsequences: true).prefix(maximumColors)
            .compactMap { OpaqueColor(hex: String($0)) }
        var seen = Set<OpaqueColor>()
        var rules: [String] = []
        for color in colors where seen.insert(color).inserted {
            let key = color.hex.dropFirst()
            rules.append(#".issue-label[data-color="\#(key)"] { background: \#(color.hex); color: \#(TextOnColor(on: color).color.hex); }"#)
        }
        return rules.joined(separator: "\n") + "\n"
    }
}
