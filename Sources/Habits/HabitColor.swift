import Foundation

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

    /// Parses `#rrggbb` or `#rrggbbaa` (either case); nil for anything else.
    public init?(hex: String) {
        guard hex.hasPrefix("#") else { return nil }
        let digits = hex.dropFirst()
        guard digits.count == 6 || digits.count == 8, digits.allSatisfy(\.isHexDigit) else { return nil }
        var bytes: [UInt8] = []
        var index = digits.startIndex
        while index < digits.endIndex {
            let next = digits.index(index, offsetBy: 2)
            guard let byte = UInt8(digits[index..<next], radix: 16) else { return nil }
            bytes.append(byte)
            index = next
        }
        self.init(red: bytes[0], green: bytes[1], blue: bytes[2], alpha: bytes.count == 4 ? bytes[3] : 255)
    }

    /// `#rrggbb`, what `<input type=color>` takes (it has no alpha).
    public var rgbHex: String {
        "#" + [red, green, blue].map(Self.hexByte).joined()
    }

    /// `#rrggbbaa`, what the store keeps.
    public var hex: String {
        rgbHex + Self.hexByte(alpha)
    }

    /// The colour a new habit starts with (iOS system orange, as in the course's mock-ups).
    public static let defaultColor = HabitColor(red: 0xFF, green: 0x9F, blue: 0x0A)

    private static func hexByte(_ byte: UInt8) -> String {
        let text = String(byte, radix: 16)
        return byte < 16 ? "0" + text : text
    }
}

extension HabitColor {
    /// The colour darkened just enough for text on white to reach WCAG's 4.5:1, hue kept, opaque.
    /// The circle shows the colour as picked; a habit's name uses this so light picks stay readable.
    public var readableOnWhite: HabitColor {
        var factor = 1.0
        while true {
            let candidate = HabitColor(
                red: UInt8((Double(red) * factor).rounded()), green: UInt8((Double(green) * factor).rounded()),
                blue: UInt8((Double(blue) * factor).rounded()))
            if candidate.contrastAgainstWhite >= 4.5 || factor <= 0 { return candidate }
            factor = max(0, factor - 0.02)
        }
    }

    /// WCAG 2 contrast ratio of this (opaque) colour against white, 1…21.
    public var contrastAgainstWhite: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return 1.05 / (luminance + 0.05)
    }
}
