/// Collects a page's UTF-8 bytes in one growing buffer. `escape` is the one escaping function:
/// text and attribute values alike get `& < > " '` replaced by entities, so a value is safe in
/// either place.
public struct HTMLWriter: ~Copyable {
    private var storage: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private var count = 0

    public init(capacity: Int = 16 * 1024) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    deinit { storage.deallocate() }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Lends the bytes written so far without copying them.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }

    public var string: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    // The appends below run for every tag, attribute and run of text (tens of thousands per long
    // page): their fast path is inlined, growing is not.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toFit: extra) }
    }

    @inline(never)
    private mutating func grow(toFit extra: Int) {
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    @inline(__always)
    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, !source.isEmpty else { return }
        reserve(source.count)
        (storage + count).update(from: base, count: source.count)
        count += source.count
    }

    @inline(__always)
    mutating func byte(_ byte: UInt8) {
        reserve(1)
        storage[count] = byte
        count += 1
    }

    @inline(__always)
    mutating func write(_ literal: StaticString) {
        guard literal.hasPointerRepresentation else { return literal.withUTF8Buffer { append($0) } }
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    /// Appends markup a sanitizer produced, as it is (see `HTML.unescaped(sanitizedMarkup:)`).
    mutating func writeUnescaped(_ markup: String) {
        var markup = markup
        markup.withUTF8 { append($0) }
    }

    /// Appends `text` with the five HTML-special characters as entities, and without the
    /// characters no page should carry from user or upstream text: C0 controls other than tab,
    /// line feed and carriage return (NUL among them), C1 controls, and the bidi embeddings,
    /// overrides and isolates (U+202A–U+202E, U+2066–U+2069) that could turn the text around it.
    public mutating func escape(_ text: String) {
        // Native strings lend their bytes as they are; a bridged one is copied once.
        if text.utf8.withContiguousStorageIfAvailable({ escape(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { escape(bytes: $0) }
        }
    }

    private mutating func escape(bytes source: UnsafeBufferPointer<UInt8>) {
        var start = 0
        var index = 0
        while index < source.count {
            let byte = source[index]
            // ASCII letters and UTF-8 continuation bytes are past `>` and below 0xC2: one range
            // check for most bytes.
            if byte > UInt8(ascii: ">") && byte < 0xC2 {
                index += 1
                continue
            }
            let entity: StaticString
            var length = 1
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            case 0x09, 0x0A, 0x0D:
                index += 1
                continue
            case ..<0x20:
                entity = ""
            case 0xC2 where index + 1 < source.count && (0x80...0x9F).contains(source[index + 1]):
                entity = ""
                length = 2
            case 0xE2 where index + 2 < source.count && Self.isBidiControl(source[index + 1], source[index + 2]):
                entity = ""
                length = 3
            default:
                index += 1
                continue
            }
            if start < index { append(UnsafeBufferPointer(rebasing: source[start..<index])) }
            write(entity)
            index += length
            start = index
        }
        if start < source.count { append(UnsafeBufferPointer(rebasing: source[start...])) }
    }

    /// U+202A–U+202E (`E2 80 AA`–`E2 80 AE`) and U+2066–U+2069 (`E2 81 A6`–`E2 81 A9`).
    @inline(__always)
    private static func isBidiControl(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }
}
