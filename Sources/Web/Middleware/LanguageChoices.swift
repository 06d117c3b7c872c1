import Localization
import Storage
import Synchronization

/// The language each device chose, read through from the devices table and kept in memory, so a
/// request costs no database read once its device has been seen. Writes go to the table first.
final class LanguageChoices: Sendable {
    private let devices: DeviceStore
    /// nil value: the device is known to have no choice (Accept-Language decides).
    private let cache = Mutex<[DeviceID: Language?]>([:])
    /// Bound on remembered devices; past it the cache starts afresh (the table stays the truth).
    private let capacity: Int

    init(devices: DeviceStore, capacity: Int = 50_000) {
        self.devices = devices
        self.capacity = capacity
    }

    func choice(of device: DeviceID) async throws -> Language? {
        if let cached = cache.withLock({ $0[device] }) { return cached }
        let stored = try await devices.preferences(of: device)?.language.flatMap(Language.init(rawValue:))
        remember(stored, for: device)
        return stored
    }

    /// Stores the choice (nil: follow Accept-Language again).
    func choose(_ language: Language?, for device: DeviceID) async throws {
        try await devices.setLanguage(language?.rawValue, for: device)
        remember(language, for: device)
    }

    private func remember(_ language: Language?, for device: DeviceID) {
        cache.withLock { cache in
            if cache.count >= capacity { cache.removeAll(keepingCapacity: true) }
            cache[device] = .some(language)
        }
    }
}
