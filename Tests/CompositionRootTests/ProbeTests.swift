import DeckTestSupport
import Devices
import Foundation
import TestDoubles
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import WebShell

/// A load balancer's probes ask nothing of a device (issue 33, found 12: `/readyz` with a device
/// cookie waited 3.9 s on that device's preferences while the database was in trouble).
@Suite("Probes")
struct ProbeTests {
    /// Device preferences that count how often they are read.
    final class CountingPreferences: DevicePreferencesStore {
        let reads = Mutex(0)
        func preferences(of device: DeviceID) async throws -> DevicePreferences? {
            reads.withLock { $0 += 1 }
            return DevicePreferences()
        }
        func setLanguage(_ language: String?, for device: DeviceID) async throws {}
        func setTimeZone(_ identifier: String, for device: DeviceID) async throws {}
    }

    @Test("/readyz and /healthz with a device's cookie read no preferences and set no cookie", arguments: ["/readyz", "/healthz"])
    func probesSkipTheDevice(path: String) async throws {
        let deck = try TestDeck()
        defer {
            try? deck.database.close()
            try? FileManager.default.removeItem(at: deck.dataDirectory)
        }
        let preferences = CountingPreferences()
        var logger = Logger(label: "probes")
        logger.logLevel = .critical
        let router = try DeckRouter.build(apps: [], preferences: preferences, sessions: InMemorySessions(), key: try ServerKey.load(from: .embedded(in: deck.dataDirectory)), logger: logger)
        try await Application(router: router, logger: logger).test(.router) { client in
            var browser = Browser(client)
            // Any page issues a cookie, a missing one too; the next page with it reads the device.
            _ = try await browser.get("/no-such-page")
            _ = try await browser.get("/no-such-page")
            let before = preferences.reads.withLock { $0 }
            #expect(before == 1)
            let probe = try await browser.get(path)
            #expect(probe.status == .ok)
            #expect(probe.headers[.setCookie] == nil)
            #expect(preferences.reads.withLock { $0 } == before, "\(path) read the device's preferences")
        }
    }
}
