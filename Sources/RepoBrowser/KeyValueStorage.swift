/// Where `AppRepository` keeps the token between visits (GH-6, GH-9): the course's
/// `KeyValueStorage`, which held it in `NSUserDefaults`. AppDeck's server backs it with an
/// encrypted store scoped to one device; `InMemoryKeyValueStorage` serves tests and previews.
public protocol KeyValueStorage: Sendable {
    /// The value stored under `key`, or nil.
    func string(forKey key: String) async throws -> String?
    /// Stores `value` under `key`, replacing what was there.
    func set(_ value: String, forKey key: String) async throws
    /// Removes the value under `key`; nothing happens when there is none.
    func remove(forKey key: String) async throws
}

/// A `KeyValueStorage` in memory, for tests and previews. Forgets everything when released.
public actor InMemoryKeyValueStorage: KeyValueStorage {
    /// Everything stored, by key.
    public private(set) var values: [String: String]

    public init(_ values: [String: String] = [:]) {
        self.values = values
    }

    public func string(forKey key: String) -> String? {
        values[key]
    }

    public func set(_ value: String, forKey key: String) {
        values[key] = value
    }

    public func remove(forKey key: String) {
        values.removeValue(forKey: key)
    }
}
