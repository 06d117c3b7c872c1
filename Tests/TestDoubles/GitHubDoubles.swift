import Devices
import Foundation
import GitHub
import Synchronization

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

/// Each device's secrets in memory, for the router tests over in-memory stores.
public final class InMemorySecrets: Sendable {
    let storages = Mutex([DeviceID: InMemoryKeyValueStorage]())

    public init() {}

    public func storage(_ owner: DeviceID) -> InMemoryKeyValueStorage {
        storages.withLock { all in
            if let existing = all[owner] { return existing }
            let made = InMemoryKeyValueStorage()
            all[owner] = made
            return made
        }
    }
}
