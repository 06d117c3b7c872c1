/// Collects a page's UTF-8 bytes in one growing buffer. `escape` is the one escaping function:
/// text and attribute values alike get `& < > " '` replaced by entities, so a value is safe in
/// either place.
public struct HTMLWriter: ~Copyable {
    // Internal for the inlined appends below (`markup` in views writes literals through them).
    @usableFromInline var storage: UnsafeMutablePointer<UInt8>
    @usableFromInline var capacity: Int
    @usableFromInline var count = 0
    /// False while the writer writes into memory it was lent (`init(writingInto:)`).
    private var ownsStorage = true

    public init(capacity: Int = 16 * 1024) {
        self.capacity = max(capacity, 64)
        storage = .allocate(capacity: self.capacity)
    }

    /// A writer that writes into `memory` (a page's `ByteBuffer`, see `PageBuffers`) as long as the
    /// bytes fit, and from then on into memory of its own, with a copy of what it wrote there.
    init(writingInto memory: UnsafeMutableRawBufferPointer) {
        if let base = memory.baseAddress, memory.count >= 64 {
            storage = base.assumingMemoryBound(to: UInt8.self)
            capacity = memory.count
            ownsStorage = false
        } else {
            capacity = 64
            storage = .allocate(capacity: capacity)
        }
    }

    deinit {
        if ownsStorage { storage.deallocate() }
    }

    /// Whether every byte so far went into the memory the writer was lent.
    var writesInPlace: Bool { !ownsStorage }

    /// How many bytes were written.
    var writtenCount: Int { count }

    /// The bytes written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Lends the bytes written so far without copying them.
    public func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: storage, count: count))
    }

    public var string: String { String(decoding: UnsafeBufferPointer(start: storage, count: count), as: UTF8.self) }

    // The appends below run for every tag, attribute and run of text (tens of thousands per long
    // page): their fast path is inlined, into the views too (`markup` writes a literal of known
    // length without a call), growing is not.
    @inlinable @inline(__always)
    mutating func reserve(_ extra: Int) {
        if count + extra > capacity { grow(toFit: extra) }
    }

    @usableFromInline @inline(never)
    mutating func grow(toFit extra: Int) {
        var grown = capacity * 2
        while grown < count + extra { grown *= 2 }
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        if ownsStorage { storage.deallocate() }
        storage = larger
        capacity = grown
        ownsStorage = true
    }

    @inlinable @inline(__always)
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

    @inlinable @inline(__always)
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

    // Escaping reads and copies the text a word (8 bytes) at a time: most words of a page's text
    // need nothing (letters, digits, spaces, Cyrillic or Polish letters), so one test per word
    // decides it and the word is stored as it was read. Only a word with a byte that may need
    // care (`wordMayNeedCare`) stops the copy at that byte, which `writeCare` then settles on its
    // own. Every store below writes a whole word, so the buffer keeps a word of slack past what is
    // written: at each step, room for the rest of the text plus 8 bytes.

    private mutating func escape(bytes source: UnsafeBufferPointer<UInt8>) {
        guard let base = source.baseAddress, !source.isEmpty else { return }
        let end = source.count
        var index = 0
        reserve(end + 8)
        while end - index >= 8 {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            storeWord(word)
            let flags = Self.bytesMayNeedCare(word)
            if flags == 0 {
                count &+= 8
                index &+= 8
                continue
            }
            let passed = flags.trailingZeroBitCount &>> 3  // the bytes before the first flagged one
            count &+= passed
            index = writeCare(base, at: index &+ passed, end: end)
            reserve(end - index + 8)
        }
        // The last 1 to 7 bytes, as the low bytes of one word; its high bytes ('A') need nothing.
        while index < end {
            let length = end - index
            var word: UInt64
            if end >= 8 {  // the text's last 8 bytes, shifted down to its last `length`
                word = UInt64(littleEndian: UnsafeRawPointer(base + (end - 8)).loadUnaligned(as: UInt64.self)) &>> UInt64(64 - 8 * length)
            } else {
                word = Self.loadShort(base + index, length: length)
            }
            word |= 0x4141_4141_4141_4141 &<< UInt64(8 * length)
            storeWord(word)
            let flags = Self.bytesMayNeedCare(word)
            if flags == 0 {
                count &+= length
                return
            }
            let passed = flags.trailingZeroBitCount &>> 3
            count &+= passed
            index = writeCare(base, at: index &+ passed, end: end)
            reserve(end - index + 8)
        }
    }

    /// Writes the 8 bytes of `word` (first byte lowest) at the end without counting them: the
    /// caller counts the ones it keeps. `reserve` has left room for them.
    @inline(__always)
    private mutating func storeWord(_ word: UInt64) {
        UnsafeMutableRawPointer(storage + count).storeBytes(of: word.littleEndian, as: UInt64.self)
    }

    /// The byte at `index`, which `bytesMayNeedCare` flagged, and the bytes it starts: as an
    /// entity, as it is, or dropped. Returns the index after them.
    @inline(__always)
    private mutating func writeCare(_ base: UnsafePointer<UInt8>, at index: Int, end: Int) -> Int {
        let byte = base[index]
        // An entity is at most 6 bytes: one word, first byte lowest.
        let entity: UInt64
        let length: Int
        switch byte {
        case UInt8(ascii: "&"): (entity, length) = (0x3B_70_6D_61_26, 5)  // &amp;
        case UInt8(ascii: "<"): (entity, length) = (0x3B_74_6C_26, 4)  // &lt;
        case UInt8(ascii: ">"): (entity, length) = (0x3B_74_67_26, 4)  // &gt;
        case UInt8(ascii: "\""): (entity, length) = (0x3B_74_6F_75_71_26, 6)  // &quot;
        case UInt8(ascii: "'"): (entity, length) = (0x3B_39_33_23_26, 5)  // &#39;
        case 0x09, 0x0A, 0x0D:  // tab, line feed, carriage return stay
            (entity, length) = (UInt64(byte), 1)
        case ..<0x20:  // other C0 controls go
            return index + 1
        case 0xC2 where index + 1 < end && base[index + 1] & 0xE0 == 0x80:  // U+0080–U+009F, C1 controls, go
            return index + 2
        case 0xE2 where index + 2 < end && Self.isBidiControl(base[index + 1], base[index + 2]):
            return index + 3
        default:  // flagged in passing (`$`, `=`, another `C2`/`E2` sequence): it stays
            (entity, length) = (UInt64(byte), 1)
        }
        storeWord(entity)
        count &+= length
        return index + 1
    }

    /// A word whose bytes (first byte lowest) have a high bit set at each byte that may need care,
    /// at least: a C0 control (below 0x20), `" $ % & '` (0x22, 0x24–0x27), `< = >` (0x3C–0x3E), or a
    /// lead byte 0xC2 or 0xE2 (of a C1 control or a bidi control). Zero when the word needs
    /// nothing. The lowest flag is always a byte in those sets; flags above it may be spurious
    /// (a borrow), which is why the caller takes only the lowest and looks again after it.
    @inline(__always)
    private static func bytesMayNeedCare(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // The high bit of every byte of `bytes` that is below `limit` (≤ 0x80).
        @inline(__always) func below(_ limit: UInt64, _ bytes: UInt64) -> UInt64 { (bytes &- ones &* limit) & ~bytes }
        let controls = below(0x20, word)
        let quotesAndAmpersand = below(0x05, word ^ (ones &* 0x26))  // " $ % & ' (0x22, 0x24–0x27)
        let angleBrackets = below(0x03, word ^ (ones &* 0x3C))  // 0x3C–0x3E
        let c2OrE2 = below(0x01, (word | ones &* 0x20) ^ (ones &* 0xE2))
        return (controls | quotesAndAmpersand | angleBrackets | c2OrE2) & (ones &* 0x80)
    }

    /// 1 to 7 bytes at `start` as the low bytes of a word, from two loads that may overlap (the
    /// bytes both read are the same, so or-ing them is exact). Reads nothing past `length`.
    @inline(__always)
    private static func loadShort(_ start: UnsafePointer<UInt8>, length: Int) -> UInt64 {
        let raw = UnsafeRawPointer(start)
        if length >= 4 {
            let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
            let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)))
            return low | high &<< UInt64(8 * (length - 4))
        }
        if length >= 2 {
            let low = UInt64(UInt16(littleEndian: raw.loadUnaligned(as: UInt16.self)))
            let high = UInt64(UInt16(littleEndian: raw.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self)))
            return low | high &<< UInt64(8 * (length - 2))
        }
        return UInt64(start.pointee)
    }

    /// U+202A–U+202E (`E2 80 AA`–`E2 80 AE`) and U+2066–U+2069 (`E2 81 A6`–`E2 81 A9`).
    @inline(__always)
    private static func isBidiControl(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0x80 && (0xAA...0xAE).contains(third)) || (second == 0x81 && (0xA6...0xA9).contains(third))
    }
}
