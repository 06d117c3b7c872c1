import Foundation

/// The owner of persisted state: one browser (a random 128-bit id from its cookie) or the console.
public struct DeviceID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts exactly 32 lowercase hex digits, the form `random()` makes (`RandomID128`).
    public init?(_ rawValue: String) {
        guard RandomID128.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    private init(unchecked rawValue: String) { self.rawValue = rawValue }

    /// A new id from the system's cryptographically secure generator.
    public static func random() -> DeviceID { DeviceID(unchecked: RandomID128.random()) }

    /// The single owner of the `cars` console program's own database.
    public static let console = DeviceID(unchecked: "console")

    public var description: String { rawValue }
}
