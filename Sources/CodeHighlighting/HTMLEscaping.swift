/// Text as HTML text or attribute content: `&`, `<`, `>`, `"` and `'` as character references,
/// written as UTF-8 bytes (a file page writes tens of thousands of runs).
enum HTMLEscaping {
    static func append(_ text: String, to markup: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in
            var copied = 0
            for (index, byte) in bytes.enumerated() {
                let reference: StaticString
                switch byte {
                case 0x26: reference = "&amp;"
                case 0x3C: reference = "&lt;"
                case 0x3E: reference = "&gt;"
                case 0x22: reference = "&quot;"
                case 0x27: reference = "&#39;"
                default: continue
                }
                markup.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<index]))
                markup.append(contentsOf: UnsafeBufferPointer(start: reference.utf8Start, count: reference.utf8CodeUnitCount))
                copied = index + 1
            }
            markup.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }
}
