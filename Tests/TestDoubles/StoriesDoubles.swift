import Devices
import Stories
import Synchronization

/// Every device's drawing settings, in memory, counting the updates that reach them.
public final class InMemoryDrawingSettings: Sendable {
    let settings = Mutex([DeviceID: DrawingSettings]())
    /// How many updates reached the store, any device's.
    public let writes = Counter()

    public init() {}

    public func store(_ owner: DeviceID) -> InMemoryStoriesSettingsStore { InMemoryStoriesSettingsStore(all: self, owner: owner) }
}

public struct InMemoryStoriesSettingsStore: StoriesSettingsStore {
    let all: InMemoryDrawingSettings
    let owner: DeviceID

    public func settings() async throws -> DrawingSettings { all.settings.withLock { $0[owner] ?? .default } }

    /// How many updates reached the stores this one is part of.
    public var writes: Int { all.writes.count }

    @discardableResult
    public func update(_ change: @escaping @Sendable (inout DrawingSettings) -> Void) async throws -> DrawingSettings {
        all.writes.increment()
        return all.settings.withLock { stored in
            change(&stored[owner, default: .default])
            return stored[owner, default: .default]
        }
    }
}

extension InMemoryStoriesSettingsStore {
    /// One device's settings on a store of their own, for a suite that needs no other device.
    public init() {
        self.init(all: InMemoryDrawingSettings(), owner: .console)
    }
}
