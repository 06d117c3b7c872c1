import ColorContrast
import Foundation

/// The fallback drawn locally when a thumbnail cannot be had (PH-4, and SPECS' note on the dead
/// placeholder host): jsonplaceholder's thumbnail URLs name via.placeholder.com's picture,
/// `https://via.placeholder.com/150/92c952` (size, background colour; sometimes a 3-digit colour,
/// a `WxH` size, a text colour or an extension), so we draw exactly that, as the service did: a
/// rectangle of that size and colour with `150×150` centred in a contrasting colour. A URL that does
/// not say so gets a neutral grey 150×150. Never a broken image.
public struct PlaceholderImage: Sendable, Hashable {
    /// A colour as a placeholder URL writes it: `92c952`, `fff`, `#FFF`, with an optional extension
    /// (`92c952.png`); nil for anything else.
    public static func color(_ text: some StringProtocol) -> OpaqueColor? {
        var digits = String(text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? "")
        if digits.hasPrefix("#") { digits.removeFirst() }
        guard digits.count == 3 || digits.count == 6, digits.allSatisfy(\.isHexDigit),
              var value = UInt32(digits, radix: 16) else { return nil }
        if digits.count == 3 {
            let (r, g, b) = ((value >> 8) & 0xf, (value >> 4) & 0xf, value & 0xf)
            value = (r * 17) << 16 | (g * 17) << 8 | b * 17
        }
        return OpaqueColor(red: UInt8(value >> 16 & 0xff), green: UInt8(value >> 8 & 0xff), blue: UInt8(value & 0xff))
    }

    /// Sizes outside this range are not believed; the URL then counts as not parsing.
    public static let sizeRange = 1...4096
    public static let defaultSize = 150

    public let width: Int
    public let height: Int
    public let background: OpaqueColor
    public let foreground: OpaqueColor

    public init(width: Int, height: Int, background: OpaqueColor, foreground: OpaqueColor? = nil) {
        self.width = width
        self.height = height
        self.background = background
        self.foreground = foreground ?? TextOnColor(on: background).color
    }

    /// The picture a placeholder URL names: `/<size>[/<background>[/<text colour>]]`, where size
    /// is `150` or `150x100`. A URL without a valid size is a neutral grey 150×150; a valid size with
    /// a missing or bad colour is that size in neutral grey.
    public init(url: String) {
        let path = URLComponents(string: url)?.path ?? ""
        let parts = path.split(separator: "/")
        guard let first = parts.first, let (width, height) = Self.size(first) else {
            self.init(width: Self.defaultSize, height: Self.defaultSize, background: .neutralGrey)
            return
        }
        let background = parts.count > 1 ? Self.color(parts[1]) : nil
        let foreground = background != nil && parts.count > 2 ? Self.color(parts[2]) : nil
        self.init(width: width, height: height, background: background ?? .neutralGrey, foreground: foreground)
    }

    /// `150`, `150x100`, `150X100`, `150.png`.
    static func size(_ text: Substring) -> (Int, Int)? {
        let stem = text.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let sides = stem.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        guard (1...2).contains(sides.count),
              sides.allSatisfy({ !$0.isEmpty && $0.count <= 5 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let width = Int(sides[0]), let height = Int(sides.last!),
              sizeRange.contains(width), sizeRange.contains(height) else { return nil }
        return (width, height)
    }

    /// `150×150`.
    public var label: String { "\(width)×\(height)" }

    /// The SVG document: sized by width, height and viewBox, no script, no external reference.
    public var svg: String {
        let label = label
        let fontSize = max(1, Int(min(Double(height) / 5, Double(width) / (Double(label.count) * 0.9))))
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" \
            viewBox="0 0 \(width) \(height)" role="img" aria-label="\(label)">\
            <rect width="\(width)" height="\(height)" fill="\(background.hex)"/>\
            <text x="\(Double(width) / 2)" y="\(Double(height) / 2)" fill="\(foreground.hex)" \
            font-family="-apple-system, BlinkMacSystemFont, 'Helvetica Neue', Arial, sans-serif" \
            font-size="\(fontSize)" text-anchor="middle" dominant-baseline="central">\(label)</text></svg>

            """
    }

    /// The drawing as a thumbnail, marked as the fallback.
    public var thumbnail: Thumbnail {
        Thumbnail(bytes: Array(svg.utf8), contentType: "image/svg+xml", isFallback: true)
    }
}

extension OpaqueColor {
    /// The placeholder service's own default background.
    public static let neutralGrey = OpaqueColor(red: 0xcc, green: 0xcc, blue: 0xcc)
}
