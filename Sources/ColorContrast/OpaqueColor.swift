import Foundation

/// An opaque sRGB colour and WCAG 2's contrast against white: the rule two apps share for writing
/// a person's or a palette's colour as text (a habit's name, a stroke colour's name) so that it
/// stays readable.
public struct OpaqueColor: Hashable, Sendable {
    public let red: UInt8
    public let green: UInt8
    public let blue: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// WCAG 2 contrast ratio against white, 1…21.
    public var contrastAgainstWhite: Double {
        func linear(_ channel: UInt8) -> Double {
            let value = Double(channel) / 255
            return value <= 0.03928 ? value / 12.92 : pow((value + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        return 1.05 / (luminance + 0.05)
    }

    /// The colour itself when text in it reaches 4.5:1 on white, else the same hue darkened step
    /// by step (every channel scaled by one factor) until it does.
    public var readableOnWhite: OpaqueColor {
        var factor = 1.0
        while true {
            let candidate = OpaqueColor(
                red: UInt8((Double(red) * factor).rounded()), green: UInt8((Double(green) * factor).rounded()),
                blue: UInt8((Double(blue) * factor).rounded()))
            if candidate.contrastAgainstWhite >= 4.5 || factor <= 0 { return candidate }
            factor = max(0, factor - 0.02)
        }
    }
}
