/// Collects a page's UTF-8 bytes. `escape` is the one escaping function: text and attribute
/// values alike get `& < > " '` replaced by entities, so a value is safe in either place.
public struct HTMLWriter: Sendable {
    public private(set) var bytes: [UInt8]

    public init(capacity: Int = 16 * 1024) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    mutating func byte(_ byte: UInt8) {
        bytes.append(byte)
    }

    mutating func write(_ literal: StaticString) {
        literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends `text` with the five HTML-special characters as entities.
    public mutating func escape(_ text: String) {
        var text = text
        text.withUTF8 { source in
            var start = 0
            for index in 0..<source.count {
                let entity: StaticString
                switch source[index] {
                case UInt8(ascii: "&"): entity = "&amp;"
                case UInt8(ascii: "<"): entity = "&lt;"
                case UInt8(ascii: ">"): entity = "&gt;"
                case UInt8(ascii: "\""): entity = "&quot;"
                case UInt8(ascii: "'"): entity = "&#39;"
                default: continue
                }
                if start < index { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start..<index])) }
                entity.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = index + 1
            }
            if start < source.count { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: source[start...])) }
        }
    }
}
