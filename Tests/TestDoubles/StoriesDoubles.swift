import Devices
import Stories
import Synchronization

/// Every device's drawing settings, in memory.
public final class InMemoryDrawingSettings: Sendable {
    let settings = Mutex([DeviceID: DrawingSettings]())

    public init() {}

    public func store(_ owner: DeviceID) -> InMemoryDrawingSettingsStore { InMemoryDrawingSettingsStore(all: self, owner: owner) }
}

public struct InMemoryDrawingSettingsStore: DrawingSettingsStore {
    let all: InMemoryDrawingSettings
    let owner: DeviceID

    public func settings() async throws -> DrawingSettings { all.settings.withLock { $0[owner] ?? .default } }

    @discardableResult
    public func update(_ change: @Sendable (inout DrawingSettings) -> Void) async throws -> DrawingSettings {
        all.settings.withLock { stored in
            change(&stored[owner, default: .default])
            return stored[owner, default: .default]
        }
    }
}
