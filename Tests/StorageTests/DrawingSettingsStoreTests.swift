import Devices
import Foundation
import GRDB
import Storage
import Stories
import Testing

@Suite("Drawing settings store")
struct DrawingSettingsStoreTests {
    let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    let bob = DeviceID("fedcba9876543210fedcba9876543210")!

    @Test("a device starts with the defaults; its changes come back across a reopening (SG-6)")
    func roundTrip() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        var database = try temporary.open()
        #expect(try await database.drawingSettingsStore(owner: alice).settings() == .default)
        let stored = try await database.drawingSettingsStore(owner: alice).update {
            $0.isDrawingEnabled = false
            try? $0.setColor(id: "navy")
        }
        #expect(stored == DrawingSettings(isDrawingEnabled: false, color: PaletteColor.color(id: "navy")!))
        try database.close()

        database = try temporary.open()
        #expect(try await database.drawingSettingsStore(owner: alice).settings() == stored)
        try database.close()
    }

    @Test("one device's settings are never another's")
    func perDevice() async throws {
        try await TemporaryDatabase.withFresh { database in
            try await database.drawingSettingsStore(owner: alice).update { $0.isDrawingEnabled = false }
            #expect(try await database.drawingSettingsStore(owner: bob).settings() == .default)
            #expect(try await database.drawingSettingsStore(owner: alice).settings().isDrawingEnabled == false)
        }
    }

    @Test("changes made at once are all kept: the switch and the colour do not overwrite each other")
    func concurrentChanges() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.drawingSettingsStore(owner: alice)
            try await withThrowingTaskGroup(of: Void.self) { group in
                group.addTask { try await store.update { $0.isDrawingEnabled = false } }
                group.addTask { try await store.update { try? $0.setColor(id: "red") } }
                try await group.waitForAll()
            }
            #expect(try await store.settings() == DrawingSettings(isDrawingEnabled: false, color: PaletteColor.color(id: "red")!))
        }
    }

    @Test("a stored row the C model cannot read counts as the defaults, and the next change replaces it")
    func unreadableRow() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        var database = try temporary.open()
        try await database.drawingSettingsStore(owner: alice).update { $0.isDrawingEnabled = false }
        try database.close()
        let queue = try DatabaseQueue(path: temporary.file.path)
        try await queue.write { try $0.execute(sql: "UPDATE storiesSettings SET settings = 'v9;draw=maybe'") }
        try queue.close()

        database = try temporary.open()
        let store = database.drawingSettingsStore(owner: alice)
        #expect(try await store.settings() == .default)
        try await store.update { try? $0.setColor(id: "green") }
        #expect(try await store.settings() == DrawingSettings(isDrawingEnabled: true, color: PaletteColor.color(id: "green")!))
        try database.close()
    }
}
