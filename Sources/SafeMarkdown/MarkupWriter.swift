/// Writes the sanitized markup as UTF-8. Every text and attribute value is escaped, and every
/// attribute value is double-quoted, so nothing written here can start a tag or end an attribute.
struct MarkupWriter {
    private var bytes: [UInt8] = []

    var markup: String { String(decoding: bytes, as: UTF8.self) }

    mutating func startTag(_ name: String, _ attributes: [(name: String, value: String)] = []) {
        bytes.append(UInt8(ascii: "<"))
        bytes += name.utf8
        for attribute in attributes {
            bytes.append(UInt8(ascii: " "))
            bytes += attribute.name.utf8
            bytes += #"=""#.utf8
            text(attribute.value)
            bytes.append(UInt8(ascii: "\""))
        }
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func endTag(_ name: String) {
        bytes += "</".utf8
        bytes += name.utf8
        bytes.append(UInt8(ascii: ">"))
    }

    mutating func text(_ text: String) {
        var text = text
        text.withUTF8 { self.text(utf8: $0) }
    }

    /// `& < > " '` as references; control characters other than tab and line feed, which HTML
    /// does not allow in text, are left out (C1 controls are two bytes in UTF-8: `C2 80`…`C2 9F`).
    mutating func text(utf8 text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "&"): bytes += "&amp;".utf8
            case UInt8(ascii: "<"): bytes += "&lt;".utf8
            case UInt8(ascii: ">"): bytes += "&gt;".utf8
            case UInt8(ascii: "\""): bytes += "&quot;".utf8
            case UInt8(ascii: "'"): bytes += "&#39;".utf8
            case UInt8(ascii: "\t"), UInt8(ascii: "\n"): bytes.append(byte)
            case 0..<0x20, 0x7F: continue
            case 0xC2 where index < text.count && (0x80...0x9F).contains(text[index]): index += 1
            default: bytes.append(byte)
            }
        }
    }
}
