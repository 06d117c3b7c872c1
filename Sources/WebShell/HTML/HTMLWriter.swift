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

    /// Appends `text` with the five HTML-special characters as entities.
    public mutating func escape(_ text: String) {
        // Native strings lend their bytes as they are; a bridged one is copied once.
        if text.utf8.withContiguousStorageIfAvailable({ escape(bytes: $0) }) == nil {
            var copy = text
            copy.withUTF8 { escape(bytes: $0) }
        }
    }

    private mutating func escape(bytes source: UnsafeBufferPointer<UInt8>) {
        var start = 0
        for index in 0..<source.count {
            let byte = source[index]
            // Letters and every byte of a multi-byte character are past `>`: one compare for most.
            if byte > UInt8(ascii: ">") { continue }
            let entity: StaticString
            switch byte {
            case UInt8(ascii: "&"): entity = "&amp;"
            case UInt8(ascii: "<"): entity = "&lt;"
            case UInt8(ascii: ">"): entity = "&gt;"
            case UInt8(ascii: "\""): entity = "&quot;"
            case UInt8(ascii: "'"): entity = "&#39;"
            default: continue
            }
            if start < index { append(UnsafeBufferPointer(rebasing: source[start..<index])) }
            write(entity)
            start = index + 1
        }
        if start < source.count { append(UnsafeBufferPointer(rebasing: source[start...])) }
    }
}
