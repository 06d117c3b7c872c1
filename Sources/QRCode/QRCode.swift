import CQREncode

/// A QR code of a short text (issue 50: the link a second browser opens), made by libqrencode
/// (Debian's `libqrencode-dev`) and drawn by the page as one SVG path, so it needs no image file,
/// no script and no `img-src` beyond the page itself.
public struct QRCode: Sendable, Equatable {
    /// Modules per side (21 for version 1, four more per version).
    public let size: Int
    /// Row by row, top first: true for a dark module.
    public let modules: [Bool]
    /// The light border every reader needs around the code, in modules (the standard's four).
    public static let quietZone = 4

    /// Nil for an empty text or one longer than a code holds. Error correction M (15%), as most
    /// generators use for a link shown on a screen.
    public init?(_ text: String) {
        guard !text.isEmpty,
              let code = text.withCString({ QRcode_encodeString8bit($0, 0, QR_ECLEVEL_M) }) else { return nil }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        // libqrencode's byte per module: bit 0 is the colour; the others say what the module is part of.
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        size = width
        modules = data.map { $0 & 1 == 1 }
    }

    public func isDark(row: Int, column: Int) -> Bool {
        modules[row * size + column]
    }

    /// Width and height of the whole picture, quiet zone included, in modules.
    public var side: Int { size + 2 * Self.quietZone }

    /// The dark modules as an SVG path in a `0 0 side side` box: each run of dark modules in a row
    /// is one rectangle.
    public var svgPath: String {
        var path = ""
        path.reserveCapacity(size * size)
        for row in 0..<size {
            var column = 0
            while column < size {
                guard isDark(row: row, column: column) else { column += 1; continue }
                let start = column
                while column < size, isDark(row: row, column: column) { column += 1 }
                path += "M\(start + Self.quietZone) \(row + Self.quietZone)h\(column - start)v1h-\(column - start)z"
            }
        }
        return path
    }
}
