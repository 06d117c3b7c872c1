import ByteEncoding
import Foundation
import ColorContrast

/// A habit's colour, 8 bits per channel with alpha, as the colour picker gives it.
public struct HabitColor: Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8
    public let alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rrggbb` or `#rrggbbaa` (either case); nil for anything else. Works on UTF-8 bytes:
    /// the habits list parses one colour per habit on every visit.
    public init?(hex: String) {
        let utf8 = hex.utf8
        guard utf8.count == 7 || utf8.count == 9, utf8.first == UInt8(ascii: "#") else { return nil }
        var channels: (UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 255)
        var high: UInt8 = 0
        for (offset, byte) in utf8.dropFirst().enumerated() {
            guard let nibble = Self.nibble(byte) else { return nil }
            if offset % 2 == 0 { high = nibble; continue }
            let value = high << 4 | nibble
            switch offset / 2 {
            case 0: channels.0 = value
            case 1: channels.1 = value
            case 2: channels.2 = value
            default: channels.3 = value
            }
        }
        self.init(red: channels.0, green: channels.1, blue: channels.2, alpha: channels.3)
    }

    /// `#rrggbb`, what `<input type=color>` takes (it has no alpha).
    public var rgbHex: String { Hex.encode([red, green, blue], prefix: "#") }

    /// `#rrggbbaa`, what the store keeps.
    public var hex: String { Hex.encode([red, green, blue, alpha], prefix: "#") }

    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// The colour a new habit starts with (iOS system orange, as in the course's mock-ups).
    public static let defaultColor = HabitColor(red: 0xFF, green: 0x9F, blue: 0x0A)
}

extension HabitColor {
    /// The colour darkened just enough for text on white to reach WCAG's 4.5:1, hue kept, opaque.
    /// The circle shows the colour as picked; a habit's name uses this so light picks stay readable.
    public var readableOnWhite: HabitColor {
        let readable = opaque.readableOnWhite
        return HabitColor(red: readable.red, green: readable.green, blue: readable.blue)
    }

    /// WCAG 2 contrast ratio of this (opaque) colour against white, 1…21.
    public var contrastAgainstWhite: Double { opaque.contrastAgainstWhite }

    private var opaque: OpaqueColor { OpaqueColor(red: red, green: green, blue: blue) }
}
