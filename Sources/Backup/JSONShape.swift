/// A look at a JSON text's shape before any decoder builds values from it (issue 36): how deep it
/// nests and whether an object names a key twice, which JSON parsers answer differently (the last
/// wins, the first wins, an error). A 10,000-level nesting stops here at `maxDepth`, in a loop,
/// not in a recursive parser's stack. It also refuses a number written with a fraction or an
/// exponent (`2001.0`, `2e3`), which the decoder would read as a whole number (issue 46, item 11):
/// every number a backup holds is one (a car's year, an id, a cursor, a schedule's count).
/// Everything else (syntax, types) is the decoder's to refuse.
enum JSONShape {
    enum Problem: Error, Equatable {
        case tooDeep
        case duplicateKey(String)
        /// A number with a fraction or an exponent, under `key` (the nearest object key).
        case notWholeNumber(key: String, literal: String)
        /// A string or the text ends where JSON cannot: the decoder says the same, later.
        case unterminated
    }

    private struct Level {
        let isObject: Bool
        var expectsKey: Bool
        var keys: Set<[UInt8]> = []
        /// The key whose value is being read: what a refused number is named by.
        var lastKey: [UInt8] = []
    }

    static func check(_ bytes: some Collection<UInt8>, maxDepth: Int) throws(Problem) {
        var levels: [Level] = []
        var number: [UInt8]?
        var iterator = bytes.makeIterator()
        while let byte = iterator.next() {
            if number != nil {
                if isNumberByte(byte) {
                    number?.append(byte)
                    continue
                }
                try checkWhole(number ?? [], in: levels)
                number = nil
            }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard levels.count < maxDepth else { throw .tooDeep }
                levels.append(Level(isObject: byte == UInt8(ascii: "{"), expectsKey: byte == UInt8(ascii: "{")))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                if !levels.isEmpty { levels.removeLast() }
            case UInt8(ascii: ","):
                if let last = levels.indices.last, levels[last].isObject { levels[last].expectsKey = true }
            case UInt8(ascii: "\""):
                let text = try string(&iterator)
                if let last = levels.indices.last, levels[last].isObject, levels[last].expectsKey {
                    levels[last].expectsKey = false
                    guard levels[last].keys.insert(text).inserted else {
                        throw .duplicateKey(String(decoding: text, as: UTF8.self))
                    }
                    levels[last].lastKey = text
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                number = [byte]
            default: continue
            }
        }
        // A number at the very end is a text cut short or a lone number: no backup either way,
        // which the decoder says.
    }

    /// What may follow a number's first byte in JSON: digits, a sign, a point, an exponent.
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
             UInt8(ascii: "+"), UInt8(ascii: "-"): true
        default: false
        }
    }

    /// Refuses `literal` when it has a fraction or an exponent, naming the nearest object key.
    private static func checkWhole(_ literal: [UInt8], in levels: [Level]) throws(Problem) {
        guard literal.contains(where: { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) else { return }
        let key = levels.last(where: \.isObject)?.lastKey ?? []
        throw .notWholeNumber(key: String(decoding: key, as: UTF8.self), literal: String(decoding: literal, as: UTF8.self))
    }

    /// The string's content after its opening quote, with `\"` `\\` `\/` and `\uXXXX` (BMP) read,
    /// so that `"a"` and `"\u0061"` are one key.
    private static func string<Iterator: IteratorProtocol<UInt8>>(_ iterator: inout Iterator) throws(Problem) -> [UInt8] {
        var text: [UInt8] = []
        while let byte = iterator.next() {
            switch byte {
            case UInt8(ascii: "\""): return text
            case UInt8(ascii: "\\"):
                guard let escaped = iterator.next() else { throw .unterminated }
                if escaped == UInt8(ascii: "u") {
                    var value: UInt32 = 0
                    for _ in 0..<4 {
                        guard let digit = iterator.next(), let nibble = hexValue(digit) else { throw .unterminated }
                        value = value * 16 + nibble
                    }
                    text += Array(String(Unicode.Scalar(value).map(Character.init) ?? "\u{FFFD}").utf8)
                } else {
                    let map: [UInt8: UInt8] = [110: 10, 116: 9, 114: 13, 98: 8, 102: 12]
                    text.append(map[escaped] ?? escaped)
                }
            default: text.append(byte)
            }
        }
        throw .unterminated
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 48...57: UInt32(byte - 48)
        case 65...70: UInt32(byte - 55)
        case 97...102: UInt32(byte - 87)
        default: nil
        }
    }
}
