import ByteEncoding
import Foundation

/// Text written on a colour (issue 49: GitHub's label chips): black or white, whichever keeps
/// the higher WCAG 2 contrast with the colour, so every label stays readable at any colour GitHub
/// allows. Black or white always reaches at least 4.58:1 on one of them, above AA's 4.5:1.
public enum TextOnColor: String, Hashable, Sendable {
    case black, white

    /// The text colour with the higher contrast on `background`; black on a tie.
    public init(on background: OpaqueColor) {
        self = background.contrast(with: .black) >= background.contrast(with: .white) ? .black : .white
    }

    public var color: OpaqueColor {
        switch self {
        case .black: .black
        case .white: .white
        }
    }
}

extension OpaqueColor {
    public static let black = OpaqueColor(red: 0, green: 0, blue: 0)
    public static let white = OpaqueColor(red: 255, green: 255, blue: 255)

    /// WCAG 2 relative luminance, 0 (black) … 1 (white).
    public var relativeLuminance: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2 contrast ratio with `other`, 1…21.
    public func contrast(with other: OpaqueColor) -> Double {
        let (lighter, darker) = (max(relativeLuminance, other.relativeLuminance), min(relativeLuminance, other.relativeLuminance))
        return (lighter + 0.05) / (darker + 0.05)
    }

    /// The colour six hexadecimal digits name (`d73a4a`, as GitHub writes a label's colour; a
    /// leading `#` is allowed); nil for anything else, so nothing unchecked reaches a style.
    public init?(hex text: String) {
        let digits = text.hasPrefix("#") ? text.dropFirst() : Substring(text)
        guard digits.utf8.count == 6, digits.utf8.allSatisfy({ $0 < 0x80 && $0.isHexDigit }), let value = UInt32(digits, radix: 16)
        else { return nil }
        self.init(red: UInt8(value >> 16), green: UInt8((value >> 8) & 0xFF), blue: UInt8(value & 0xFF))
    }

    /// `#rrggbb`, lower case.
    public var hex: String {
        Hex.encode([red, green, blue], prefix: "#")
    }
}

extension UInt8 {
    fileprivate var isHexDigit: Bool {
        (0x30...0x39).contains(self) || (0x41...0x46).contains(self) || (0x61...0x66).contains(self)
    }
}
