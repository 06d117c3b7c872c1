import CompositionRoot
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Logging
import ServiceLifecycle
import Testing

/// Issue 35: the whole server from its settings, as `appdeck` runs it: every resource a service of
/// the one group, the embedded database included, closed by the group when it stops.
@Suite("buildApplication")
struct BuildApplicationTests {
    @Test("serves from settings alone, and stopping the group closes the SQLite file (its WAL folded in)", .timeLimit(.minutes(1)))
    func servesAndStops() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("build-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        // Outside services that refuse at once: the photo list's loader asks and is told no.
        let settings = try ServerSettings(
            host: "127.0.0.1", port: 0, dataDir: directory.path, logLevel: "error",
            upstreams: ["photos-api-url": "http://127.0.0.1:9", "github-api-url": "http://127.0.0.1:9"])
        var logger = Logger(label: "build-application-test")
        logger.logLevel = .error
        let (urls, serving) = AsyncStream.makeStream(of: String.self)
        let application = try AppDeckServer.buildApplication(settings, logger: logger) { url in serving.yield(url) }
        let group = ServiceGroup(services: [application], logger: logger)
        let running = Task { try await group.run() }

        var iterator = urls.makeAsyncIterator()
        let base = try #require(await iterator.next())
        let (body, response) = try await URLSession.shared.data(from: try #require(URL(string: base + "healthz")))
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        #expect(!body.isEmpty)
        let (home, _) = try await URLSession.shared.data(from: try #require(URL(string: base)))
        #expect(String(decoding: home, as: UTF8.self).contains("AppDeck"))

        await group.triggerGracefulShutdown()
        try await running.value
        let file = directory.appendingPathComponent("appdeck.sqlite")
        #expect(FileManager.default.fileExists(atPath: file.path))
        let wal = (try? FileManager.default.attributesOfItem(atPath: file.path + "-wal"))?[.size] as? NSNumber
        #expect((wal?.intValue ?? 0) == 0, "the group closed the database, folding the WAL into the file")
    }
}
