import ColorContrast

/// A label as a chip (issue 49): its name on its colour, with black or white text, whichever
/// keeps the higher WCAG contrast (at least 4.5:1, AA). The colour is GitHub's text checked to be
/// six hexadecimal digits and written back by us; a label whose colour is anything else is drawn
/// in a neutral grey, so nothing GitHub sends reaches a style attribute unchecked.
public struct LabelChip: Sendable, Hashable {
    public let name: String
    /// `rrggbb`, ours: what the page names the chip's colour by (`data-color`), and what the
    /// labels' stylesheet gives its rule for.
    public let colorKey: String
    /// `#rrggbb`, ours.
    public let background: String
    /// `#000000` or `#ffffff`.
    public let foreground: String
    public let description: String?

    /// The grey of a label whose colour cannot be read (GitHub's own default label grey).
    static let fallback = OpaqueColor(red: 0xed, green: 0xed, blue: 0xed)

    public init(_ label: IssueLabel) {
        name = label.name
        let color = OpaqueColor(hex: label.color) ?? Self.fallback
        background = color.hex
        colorKey = String(color.hex.dropFirst())
        foreground = TextOnColor(on: color).color.hex
        description = label.description.flatMap { $0.isEmpty ? nil : $0 }
    }
}
