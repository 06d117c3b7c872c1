import Foundation
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

    /// The colour to write the colour's own name in on white (SG-6): the colour itself when it
    /// reaches WCAG's 4.5:1 against white, else the same hue darkened step by step until it does.
    /// Six of the thirteen (amber, sky blue, coral, pink, grey, violet) are too light as they are.
    public var legibleOnWhite: UInt32 {
        var factor = 1.0
        while true {
            let candidate = Self.scaled(rgb, by: factor)
            if Self.contrastAgainstWhite(candidate) >= 4.5 || factor <= 0 { return candidate }
            factor = max(0, factor - 0.02)
        }
    }

    /// WCAG 2 contrast ratio of an opaque 0xRRGGBB colour against white, 1…21.
    public static func contrastAgainstWhite(_ rgb: UInt32) -> Double {
        func linear(_ shift: UInt32) -> Double {
            let value = Double((rgb >> shift) & 0xFF) / 255
            return value <= 0.04045 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(16) + 0.7152 * linear(8) + 0.0722 * linear(0)
        return 1.05 / (luminance + 0.05)
    }

    private static func scaled(_ rgb: UInt32, by factor: Double) -> UInt32 {
        func channel(_ shift: UInt32) -> UInt32 { UInt32((Double((rgb >> shift) & 0xFF) * factor).rounded()) << shift }
        return channel(16) | channel(8) | channel(0)
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
