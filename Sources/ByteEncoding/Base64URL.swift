import Foundation

/// The URL- and filename-safe base64 of RFC 4648 §5, without padding: how browsers give a push
/// subscription's keys (`PushSubscription.toJSON()`), how VAPID carries its public key, how a
/// JWT's parts are written (RFC 7515 §2), and how an uploaded file rides in a form's sealed field.
///
/// Byte by byte, never through `replacingOccurrences`: a carried backup is megabytes, and
/// Foundation's string replacement took a second for one on each side (issue 36).
public enum Base64URL {
    /// `bytes` in base64url, without `=` padding.
    public static func encode(_ bytes: some Sequence<UInt8>) -> String {
        var text = [UInt8](Data(bytes).base64EncodedData())
        while text.last == UInt8(ascii: "=") { text.removeLast() }
        for index in text.indices {
            switch text[index] {
            case UInt8(ascii: "+"): text[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): text[index] = UInt8(ascii: "_")
            default: continue
            }
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil when it is not base64url.
    public static func decode(_ text: String) -> [UInt8]? {
        data(decoding: text.utf8).map(Array.init)
    }

    /// The bytes the base64url `text` encodes, or nil when it is not base64url. Padding is optional
    /// (some libraries write it); `+` and `/` of plain base64 are refused, as is whitespace.
    public static func data(decoding text: some Collection<UInt8>) -> Data? {
        var standard = [UInt8](text)
        while standard.last == UInt8(ascii: "=") { standard.removeLast() }
        guard standard.count % 4 != 1 else { return nil }
        for index in standard.indices {
            switch standard[index] {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                continue
            case UInt8(ascii: "-"): standard[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): standard[index] = UInt8(ascii: "/")
            default: return nil
            }
        }
        standard += repeatElement(UInt8(ascii: "="), count: (4 - standard.count % 4) % 4)
        return Data(base64Encoded: Data(standard))
    }
}
