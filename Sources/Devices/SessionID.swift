/// One browser presenting an owner's data (issue 36, "Linked browsers"): a random 128-bit id,
/// named by the browser's signed cookie. The owner (`DeviceID`) keeps every row; a session only
/// says which browser shows them.
public struct SessionID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts exactly 32 lowercase hex digits (128 bits), the form `random()` makes.
    public init?(_ rawValue: String) {
        guard RandomID128.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A new id from the system's cryptographically secure generator.
    public static func random() -> SessionID { SessionID(RandomID128.random())! }

    public var description: String { rawValue }
}
