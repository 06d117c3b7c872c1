import Devices
import Localization
import Synchronization

/// Each device's stored preferences (its language choice, its time zone), read through from the
/// devices table and kept in memory for `maximumAge`, so a device's requests cost about one
/// database read a second. Writes go to the table first, then drop the device's entry.
///
/// The age bound is what lets several servers share one database (issue 26): a language chosen
/// through server A shows on server B within `maximumAge`, without B hearing of the write.
public final class DevicePreferencesCache: Sendable {
    /// How long a read stays good on the server that did not see the write.
    public static let defaultMaximumAge: Duration = .seconds(1)

    private struct Entry {
        let preferences: DevicePreferences
        let readAt: ContinuousClock.Instant
    }

    private struct State {
        var entries: [DeviceID: Entry] = [:]
        /// Counts writes, so a read that raced one never caches what it read before it.
        var writes = 0
    }

    private let devices: any DevicePreferencesStore
    private let state = Mutex(State())
    /// Counts the devices forgotten, as `writes` does, read without the lock by `IdentityCache`.
    private let forgotten = Atomic<Int>(0)
    /// Bound on remembered devices; past it the cache starts afresh (the table stays the truth).
    private let capacity: Int
    private let maximumAge: Duration
    private let now: @Sendable () -> ContinuousClock.Instant

    public init(
        devices: any DevicePreferencesStore, capacity: Int = 50_000, maximumAge: Duration = defaultMaximumAge,
        now: @escaping @Sendable () -> ContinuousClock.Instant = { ContinuousClock.now }
    ) {
        self.devices = devices
        self.capacity = capacity
        self.maximumAge = maximumAge
        self.now = now
    }

    /// The device's preferences; empty ones for a device that has stored none.
    public func preferences(of device: DeviceID) async throws -> DevicePreferences {
        try await datedPreferences(of: device).preferences
    }

    /// `preferences(of:)`, with when they were read from the store.
    func datedPreferences(of device: DeviceID) async throws -> (preferences: DevicePreferences, readAt: ContinuousClock.Instant) {
        let asked = now()
        let (cached, writes) = state.withLock { ($0.entries[device], $0.writes) }
        if let cached, asked - cached.readAt < maximumAge { return (cached.preferences, cached.readAt) }
        let stored = try await devices.preferences(of: device) ?? DevicePreferences()
        state.withLock { state in
            guard state.writes == writes else { return }
            if state.entries.count >= capacity { state.entries.removeAll(keepingCapacity: true) }
            state.entries[device] = Entry(preferences: stored, readAt: asked)
        }
        return (stored, asked)
    }

    /// Stores the language choice (nil: follow Accept-Language again).
    public func chooseLanguage(_ language: Language?, for device: DeviceID) async throws {
        try await devices.setLanguage(language?.rawValue, for: device)
        forget(device)
    }

    /// Stores the device's time zone, an identifier the caller has checked.
    public func setTimeZone(_ identifier: String, for device: DeviceID) async throws {
        try await devices.setTimeZone(identifier, for: device)
        forget(device)
    }

    /// Drops what this server keeps of `device`, after its preferences were written elsewhere (a
    /// backup restored, issue 36), so its next request reads them.
    public func forget(_ device: DeviceID) {
        state.withLock { state in
            state.writes += 1
            state.entries[device] = nil
        }
        forgotten.add(1, ordering: .releasing)
    }

    /// Changes each time a device's preferences are written here: what was read before may be stale.
    var generation: Int { forgotten.load(ordering: .acquiring) }
}
