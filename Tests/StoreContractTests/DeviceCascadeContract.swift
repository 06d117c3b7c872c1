import Cars
import CompositionRoot
import Devices
import Foundation
import Habits
import Photos
import Stories
import Testing

@Suite("When a device goes (SQLite and PostgreSQL)")
struct DeviceCascadeContract {
    @Test("everything the device kept goes with it, and nothing of another device's", arguments: Backend.allCases)
    func cascade(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let sealer = try fixture.sealer()
            let created = Date(timeIntervalSince1970: 1_763_800_000)
            let fields = HabitFields(name: "Read", time: TimeOfDay(hour: 21, minute: 0)!, color: .defaultColor)
            try await fixture.open { stores in
                for device in [DeviceID.alice, .bob] {
                    try await stores.devices.setLanguage("pl", for: device)
                    _ = try await stores.cars(device).add(NewCar(manufacturer: "Fiat", model: "126p", body: .hatchback))
                    let habit = try await stores.habits(device).create(fields, at: created)
                    _ = try await stores.habits(device).track(id: habit.id, on: CalendarDay(iso: "2026-11-20")!, at: created)
                    _ = try await stores.habits(device).track(id: habit.id, on: CalendarDay(iso: "2026-11-21")!, at: created)
                    try await stores.photoFeed(device).save(PhotoFeed(shownIDs: [3, 4], cursor: 2))
                    try await stores.storiesSettings(device).update { $0.isDrawingEnabled = false }
                    try await stores.githubTokens(device, sealer).set("token", forKey: "github.token")
                }
            }

            let before = try await fixture.open { stores in try await Self.encoded(stores.backup(of: .bob)) }
            #expect(before.count == StoreBackend.keeperIDs.count)

            try await fixture.execute("DELETE FROM device WHERE id = '\(DeviceID.alice.rawValue)'")

            // Every app the registry lists, whatever it keeps: nothing of alice's is left, all of bob's is.
            try await fixture.open { (stores: Stores) async throws in
                let nobody = try await Self.encoded(stores.backup(of: DeviceID("00000000000000000000000000000000")!))
                #expect(try await Self.encoded(stores.backup(of: .alice)) == nobody)
                #expect(try await Self.encoded(stores.backup(of: .bob)) == before)
                #expect(try await stores.deviceCount() == 1)
                #expect(try await stores.githubTokens(.bob, sealer).string(forKey: "github.token") == "token")
            }
            // No orphan is left where no store looks: no table keeps a row of alice's, and every
            // row's references hold.
            let owned = try await fixture.tablesWithOwnerColumn()
            #expect(owned.contains("car") && owned.contains("habit"))
            for table in owned {
                #expect(try await fixture.integer("SELECT COUNT(*) FROM \(table) WHERE deviceID = '\(DeviceID.alice.rawValue)'") == 0, "\(table)")
            }
            #expect(try await fixture.integer("SELECT COUNT(*) FROM habitTrack") == 2)
            if backend == .sqlite { #expect(try await fixture.integer("SELECT COUNT(*) FROM pragma_foreign_key_check") == 0) }
        }
    }

    /// Each app's section as JSON, so sections of different types compare.
    static func encoded(_ backup: DeckBackup) throws -> [String: Data] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return try backup.sections.mapValues { try encoder.encode($0) }
    }
}
