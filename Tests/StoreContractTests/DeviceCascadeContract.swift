import Cars
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
                    try await stores.drawingSettings(device).update { $0.isDrawingEnabled = false }
                    try await stores.secrets(device, sealer).set("token", forKey: "github.token")
                }
            }

            try await fixture.execute("DELETE FROM device WHERE id = '\(DeviceID.alice.rawValue)'")

            try await fixture.open { (stores: Stores) async throws in
                #expect(try await stores.devices.preferences(of: .alice) == nil)
                #expect(try await stores.cars(.alice).listSlice(body: nil, limit: 50) == CarListSlice(cars: [], countsByBody: [:]))
                #expect(try await stores.habits(.alice).habits().isEmpty)
                #expect(try await stores.photoFeed(.alice).feed() == PhotoFeed())
                #expect(try await stores.drawingSettings(.alice).settings() == .default)
                #expect(try await stores.secrets(.alice, sealer).string(forKey: "github.token") == nil)

                #expect(try await stores.deviceCount() == 1)
                #expect(try await stores.devices.preferences(of: .bob)?.language == "pl")
                #expect(try await stores.cars(.bob).listSlice(body: nil, limit: 50).countsByBody == [.hatchback: 1])
                #expect(try await stores.habits(.bob).habits().first?.trackedDays.count == 2)
                #expect(try await stores.photoFeed(.bob).feed() == PhotoFeed(shownIDs: [3, 4], cursor: 2))
                #expect(try await stores.drawingSettings(.bob).settings().isDrawingEnabled == false)
                #expect(try await stores.secrets(.bob, sealer).string(forKey: "github.token") == "token")
            }
            // No orphan is left where no store looks.
            for (table, rows) in [("car", 1), ("carBodyCount", 1), ("habit", 1), ("habitTrack", 2), ("photoFeed", 1),
                                  ("photoFeedItem", 2), ("storiesSettings", 1), ("deviceSecret", 1)] {
                #expect(try await fixture.integer("SELECT COUNT(*) FROM \(table)") == rows, "\(table)")
            }
        }
    }
}
