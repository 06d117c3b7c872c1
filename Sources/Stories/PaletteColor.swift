import ColorContrast
internal import StoriesSettings

/// One of the 13 stroke colours the Settings screen offers (SG-6), from the C settings model (SG-7).
public struct PaletteColor: Identifiable, Hashable, Sendable {
    /// Stable identifier, e.g. `amber`.
    public let id: String
    /// The catalogue key of its name, e.g. `stories.color.amber`.
    public let nameKey: String
    /// Its English name, e.g. `Amber`.
    public let englishName: String
    /// 0xRRGGBB.
    public let rgb: UInt32

    /// `#rrggbb`, lower case.
    public var hex: String { HexColor.format(rgb) }

    /// The colour to write the colour's own name in on white (SG-6), 0xRRGGBB: the colour itself
    /// when it reaches WCAG's 4.5:1, else the same hue darkened until it does. Six of the thirteen
    /// (amber, sky blue, coral, pink, grey, violet) are too light as they are.
    public var readableOnWhite: UInt32 {
        let readable = Self.opaque(rgb).readableOnWhite
        return UInt32(readable.red) << 16 | UInt32(readable.green) << 8 | UInt32(readable.blue)
    }

    /// WCAG 2 contrast ratio of an opaque 0xRRGGBB colour against white, 1…21.
    public static func contrastAgainstWhite(_ rgb: UInt32) -> Double {
        opaque(rgb).contrastAgainstWhite
    }

    private static func opaque(_ rgb: UInt32) -> OpaqueColor {
        OpaqueColor(red: UInt8(truncatingIfNeeded: rgb >> 16), green: UInt8(truncatingIfNeeded: rgb >> 8), blue: UInt8(truncatingIfNeeded: rgb))
    }

    /// The palette in the order SG-6 lists it.
    public static let all: [PaletteColor] = (0..<sg_palette_count()).compactMap { index in
        sg_palette_at(index).map { PaletteColor($0.pointee) }
    }

    /// The colour drawings start with, `#f3af22` (SG-3).
    public static let `default`: PaletteColor = color(rgb: SG_DEFAULT_COLOR)!

    /// The palette colour with this id, if any.
    public static func color(id: String) -> PaletteColor? {
        all.first { $0.id == id }
    }

    /// The palette colour with this RGB value, if any.
    public static func color(rgb: UInt32) -> PaletteColor? {
        all.first { $0.rgb == rgb }
    }

    init(_ color: SGPaletteColor) {
        id = String(cString: color.id)
        nameKey = String(cString: color.name_key)
        englishName = String(cString: color.english_name)
        rgb = color.rgb
    }
}
