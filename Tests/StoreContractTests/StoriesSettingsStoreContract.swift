import CompositionRoot
import Devices
import Stories
import Testing

@Suite("StoriesSettingsStore contract (SQLite and PostgreSQL)")
struct StoriesSettingsStoreContract {
    @Test("a device starts with the defaults; its changes come back after a restart (SG-6)", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let stored = try await fixture.open { stores in
                #expect(try await stores.storiesSettings(.alice).settings() == .default)
                let stored = try await stores.storiesSettings(.alice).update {
                    $0.isDrawingEnabled = false
                    try? $0.setColor(id: "navy")
                }
                #expect(stored == DrawingSettings(isDrawingEnabled: false, color: PaletteColor.color(id: "navy")!))
                return stored
            }
            try await fixture.open { (stores: Stores) async throws in
                #expect(try await stores.storiesSettings(.alice).settings() == stored)
            }
        }
    }

    @Test("one device's settings are never another's", arguments: Backend.allCases)
    func perDevice(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            try await stores.storiesSettings(.alice).update { $0.isDrawingEnabled = false }
            #expect(try await stores.storiesSettings(.bob).settings() == .default)
            #expect(try await stores.storiesSettings(.alice).settings().isDrawingEnabled == false)
        }
    }

    @Test("two clients changing one device's settings at once: the switch and the colour both stay", arguments: Backend.allCases)
    func concurrentChanges(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    let switches = first.storiesSettings(.alice)
                    let colours = second.storiesSettings(.alice)
                    try await withThrowingTaskGroup(of: Void.self) { group in
                        group.addTask { try await switches.update { $0.isDrawingEnabled = false } }
                        group.addTask { try await colours.update { try? $0.setColor(id: "red") } }
                        try await group.waitForAll()
                    }
                    #expect(try await switches.settings() == DrawingSettings(isDrawingEnabled: false, color: PaletteColor.color(id: "red")!))
                }
            }
        }
    }

    @Test("a stored row the C model cannot read counts as the defaults, and the next change replaces it", arguments: Backend.allCases)
    func unreadableRow(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                try await stores.storiesSettings(.alice).update { $0.isDrawingEnabled = false }
            }
            try await fixture.execute("UPDATE storiesSettings SET settings = 'v9;draw=maybe'")
            try await fixture.open { stores in
                let store = stores.storiesSettings(.alice)
                #expect(try await store.settings() == .default)
                try await store.update { try? $0.setColor(id: "green") }
                #expect(try await store.settings() == DrawingSettings(isDrawingEnabled: true, color: PaletteColor.color(id: "green")!))
            }
        }
    }
}

extension StoreBackend {
    /// The owner's Stories settings, through the core's protocol only.
    func storiesSettings(_ owner: DeviceID) -> any StoriesSettingsStore {
        switch self {
        case .sqlite(let database): database.storiesSettingsStore(owner: owner)
        case .postgres(let database): database.storiesSettingsStore(owner: owner)
        }
    }
}
