import Foundation

/// The owner of persisted state: one browser (a random 128-bit id from its cookie) or the console.
public struct DeviceID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts exactly 32 lowercase hex digits, the form `random()` makes; anything else is refused
    /// so a forged cookie can't smuggle odd text into storage or logs.
    public init?(_ rawValue: String) {
        guard rawValue.utf8.count == 32,
              rawValue.utf8.allSatisfy({ (48...57).contains($0) || (97...102).contains($0) })
        else { return nil }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A new id from the system's cryptographically secure generator.
    public static func random() -> DeviceID {
        var generator = SystemRandomNumberGenerator()
        let words = [generator.next(), generator.next()] as [UInt64]
        let hex = words.map { word -> String in
            let digits = String(word, radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }.joined()
        return DeviceID(unchecked: hex)
    }

    /// The single owner of the `cars` console program's own database.
    public static let console = DeviceID(unchecked: "console")

    public var description: String { rawValue }
}
