import Devices
import Stories
import Synchronization

/// Every device's drawing settings, in memory.
final class InMemoryDrawingSettings: Sendable {
    let settings = Mutex([DeviceID: DrawingSettings]())

    func store(_ owner: DeviceID) -> InMemoryDrawingSettingsStore { InMemoryDrawingSettingsStore(all: self, owner: owner) }
}

struct InMemoryDrawingSettingsStore: DrawingSettingsStore {
    let all: InMemoryDrawingSettings
    let owner: DeviceID

    func settings() async throws -> DrawingSettings { all.settings.withLock { $0[owner] ?? .default } }

    @discardableResult
    func update(_ change: @Sendable (inout DrawingSettings) -> Void) async throws -> DrawingSettings {
        all.settings.withLock { stored in
            change(&stored[owner, default: .default])
            return stored[owner, default: .default]
        }
    }
}
