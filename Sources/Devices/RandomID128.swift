import ByteEncoding

/// The text form shared by `DeviceID` and `SessionID`: 128 random bits as 32 lowercase hex digits.
enum RandomID128 {
    /// Exactly 32 lowercase hex digits; anything else is refused so a forged cookie can't smuggle
    /// odd text into storage or logs.
    static func isValid(_ text: String) -> Bool {
        text.utf8.count == 32 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// A new id from the system's cryptographically secure generator.
    static func random() -> String {
        var generator = SystemRandomNumberGenerator()
        return hex(of: (generator.next(), generator.next()))
    }

    /// The 32 hex digits of two 64-bit words, big-endian.
    static func hex(of words: (UInt64, UInt64)) -> String {
        Hex.encode(words.0) + Hex.encode(words.1)
    }
}
