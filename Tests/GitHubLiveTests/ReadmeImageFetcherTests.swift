import Caching
import Foundation
import GitHub
import GitHubLive
import HTTPTypes
import Hummingbird
import LoopbackSupport
import NIOCore
import Synchronization
import Testing
import Upstream
import UpstreamHTTP

/// An image host on loopback for the README image proxy's client (GH-3, issue 22): badges, a page,
/// a large body, a pixel bomb, redirect chains, and redirects to another loopback port, to the
/// cloud metadata address and to a name that resolves to loopback. It counts what it is asked.
final class ImageHostStandIn: Sendable {
    let server: LoopbackServer
    private let paths: Locked<[String]>

    var port: Int { server.port }
    var base: String { "http://127.0.0.1:\(port)" }
    var asked: [String] { paths.value }

    private init(server: LoopbackServer, paths: Locked<[String]>) {
        self.server = server
        self.paths = paths
    }

    static func png(width: Int, height: Int, padding: Int = 0) -> [UInt8] {
        func be32(_ value: Int) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
        return [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + be32(13) + Array("IHDR".utf8) + be32(width) + be32(height)
            + [8, 2, 0, 0, 0, 0, 0, 0, 0] + [UInt8](repeating: 0, count: padding)
    }

    /// `otherPort`: where `/to-other-port` redirects (another stand-in on loopback).
    static func start(otherPort: Int = 9) async throws -> ImageHostStandIn {
        let paths = Locked<[String]>([])
        let portBox = Locked(0)
        let router = Router()
        router.add(middleware: Recorder(paths: paths))
        @Sendable func image(_ bytes: [UInt8], _ type: String) -> Response {
            Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
        }
        @Sendable func redirect(_ location: String) -> Response {
            Response(status: .found, headers: [.location: location])
        }
        router.get("/badge.png") { _, _ in image(png(width: 90, height: 20), "image/png") }
        router.get("/badge.svg") { _, _ in
            image(Array(#"<svg xmlns="http://www.w3.org/2000/svg" width="80" height="20"/>"#.utf8), "image/svg+xml; charset=utf-8")
        }
        router.get("/page.html") { _, _ in image(Array("<html><body>hi</body></html>".utf8), "text/html; charset=utf-8") }
        router.get("/big.png") { _, _ in image(png(width: 10, height: 10, padding: 5000), "image/png") }
        router.get("/bomb.png") { _, _ in image(png(width: 30_000, height: 30_000), "image/png") }
        router.get("/hop/:count") { _, context in
            let count = Int(context.parameters.get("count") ?? "0") ?? 0
            return count > 0 ? redirect("/hop/\(count - 1)") : image(png(width: 1, height: 1), "image/png")
        }
        router.get("/to-other-port") { _, _ in redirect("http://127.0.0.1:\(otherPort)/badge.png") }
        router.get("/to-metadata") { _, _ in redirect("http://169.254.169.254/latest/meta-data/") }
        router.get("/to-gopher") { _, _ in redirect("gopher://127.0.0.1:70/1/badge.png") }
        router.get("/to-file") { _, _ in redirect("file:///etc/passwd") }
        router.get("/to-translated") { _, _ in redirect("http://[::ffff:0:127.0.0.1]:\(portBox.value)/badge.png") }
        router.get("/to-localhost") { _, _ in redirect("http://localhost:\(portBox.value)/badge.png") }
        let server = try await LoopbackServer.start(router: router, serverName: "image-host")
        portBox.set(server.port)
        return ImageHostStandIn(server: server, paths: paths)
    }

    func stop() async { await server.stop() }

    private struct Recorder: RouterMiddleware {
        let paths: Locked<[String]>
        func handle(_ request: Request, context: BasicRequestContext, next: (Request, BasicRequestContext) async throws -> Response) async throws -> Response {
            paths.update { $0.append(request.uri.path) }
            return try await next(request, context)
        }
    }
}

/// A value behind a lock that closures and middleware can share.
final class Locked<Value: Sendable>: Sendable {
    private let storage: Mutex<Value>
    init(_ value: Value) { storage = Mutex(value) }
    var value: Value { storage.withLock { $0 } }
    func set(_ value: Value) { storage.withLock { $0 = value } }
    func update(_ change: (inout Value) -> Void) { storage.withLock { change(&$0) } }
}

@Suite("README image fetcher: what it fetches, and where it never connects (GH-3, issue 22)")
struct ReadmeImageFetcherTests {
    /// Runs `body` with two image hosts (the second only a redirect's target) and a fetcher whose
    /// private-host exemption names `exempt(first)`, then shuts everything down.
    func withHosts(
        exempt: (ImageHostStandIn) -> [String] = { ["127.0.0.1:\($0.port)"] },
        resolver: (@Sendable (String) async throws -> [IPAddress])? = nil,
        _ body: (ImageHostStandIn, ImageHostStandIn, ReadmeImageFetcher) async throws -> Void
    ) async throws {
        let other = try await ImageHostStandIn.start()
        let host = try await ImageHostStandIn.start(otherPort: other.port)
        let client = UpstreamClient(
            configuration: ReadmeImageFetcher.configuration(privateHosts: exempt(host), resolver: resolver), logger: quietLogger)
        try await withCleanUp {
            try await body(host, other, ReadmeImageFetcher(client: client))
        } cleanUp: {
            try await client.shutdown()
            await host.stop()
            await other.stop()
        }
    }

    func failure(_ operation: () async throws -> FetchedImage) async -> UpstreamFailure? {
        await fault(operation)?.failure
    }

    /// The fault the fetcher threw (it throws `UpstreamFault`s: the failure and its origin).
    func fault(_ operation: () async throws -> FetchedImage) async -> UpstreamFault? {
        do {
            _ = try await operation()
            return nil
        } catch {
            return error as? UpstreamFault
        }
    }

    @Test("an exempt loopback host's PNG and SVG are fetched")
    func exemptHostLoads() async throws {
        try await withHosts { host, _, fetcher in
            let png = try await fetcher.fetchImage(at: URL(string: "\(host.base)/badge.png")!, maximumBytes: 1 << 20, party: "device")
            #expect(png.contentType == "image/png")
            let svg = try await fetcher.fetchImage(at: URL(string: "\(host.base)/badge.svg")!, maximumBytes: 1 << 20, party: nil)
            #expect(svg.contentType == "image/svg+xml")
        }
    }

    @Test("an exempt host redirecting to another loopback port is refused, and that port is never asked")
    func redirectToOtherLoopbackPort() async throws {
        try await withHosts { host, other, fetcher in
            let refused = await failure { try await fetcher.fetchImage(at: URL(string: "\(host.base)/to-other-port")!, maximumBytes: 1 << 20, party: nil) }
            #expect(refused == .rejected(.hostNotAllowed))
            #expect(host.asked == ["/to-other-port"])
            #expect(other.asked.isEmpty)
        }
    }

    @Test("an exempt host redirecting to 169.254.169.254 (cloud metadata) is refused before any connection")
    func redirectToMetadata() async throws {
        try await withHosts { host, _, fetcher in
            let refused = await failure { try await fetcher.fetchImage(at: URL(string: "\(host.base)/to-metadata")!, maximumBytes: 1 << 20, party: nil) }
            #expect(refused == .rejected(.hostNotAllowed))
        }
    }

    @Test("a redirect to a name that resolves to loopback (localhost) is refused after DNS resolution")
    func redirectToNameResolvingToLoopback() async throws {
        try await withHosts { host, _, fetcher in
            let refused = await failure { try await fetcher.fetchImage(at: URL(string: "\(host.base)/to-localhost")!, maximumBytes: 1 << 20, party: nil) }
            #expect(refused == .rejected(.hostNotAllowed))
            #expect(host.asked == ["/to-localhost"])
        }
    }

    @Test("without the option, loopback by address or by name is refused and never asked")
    func loopbackWithoutTheOption() async throws {
        try await withHosts(exempt: { _ in [] }) { host, _, fetcher in
            for address in ["\(host.base)/badge.png", "http://localhost:\(host.port)/badge.png", "http://[::1]:\(host.port)/badge.png",
                            "http://[::ffff:127.0.0.1]:\(host.port)/badge.png", "http://0.0.0.0:\(host.port)/badge.png",
                            "http://[::ffff:0:127.0.0.1]:\(host.port)/badge.png"] {
                let refused = await failure { try await fetcher.fetchImage(at: URL(string: address)!, maximumBytes: 1 << 20, party: nil) }
                #expect(refused == .rejected(.hostNotAllowed), "\(address)")
            }
            #expect(host.asked.isEmpty)
        }
    }

    @Test("a public-looking name that resolves to a private address is refused; one private address among public ones is enough")
    func namesResolvingToPrivateAddresses() async throws {
        let asked = Locked<[String]>([])
        let table: [String: [String]] = [
            "images.example": ["10.0.0.5"], "metadata.example": ["169.254.169.254"],
            "mixed.example": ["93.184.216.34", "127.0.0.1"], "v6.example": ["2606:4700::1", "fd00::1"],
        ]
        try await withHosts(exempt: { _ in [] }, resolver: { name in
            asked.update { $0.append(name) }
            return (table[name] ?? []).compactMap(IPAddress.init)
        }) { _, _, fetcher in
            for name in table.keys.sorted() {
                let refused = await failure { try await fetcher.fetchImage(at: URL(string: "https://\(name)/a.png")!, maximumBytes: 1 << 20, party: nil) }
                #expect(refused == .rejected(.hostNotAllowed), "\(name)")
            }
            #expect(asked.value.sorted() == table.keys.sorted())
        }
    }

    @Test("a name that never resolves costs the request's deadline, not more: .timedOut")
    func resolutionWithinTheDeadline() async throws {
        let configuration = ReadmeImageFetcher.configuration(requestTimeout: .milliseconds(300), resolver: { _ in
            try await Task.sleep(for: .seconds(3600))
            return []
        })
        let client = UpstreamClient(configuration: configuration, logger: quietLogger)
        let fetcher = ReadmeImageFetcher(client: client)
        let failed = await failure { try await fetcher.fetchImage(at: URL(string: "https://slow-dns.example/a.png")!, maximumBytes: 1 << 20, party: nil) }
        try await client.shutdown()
        #expect(failed == .timedOut)
    }

    @Test("a media type outside the list is refused from the head; a body over the cap is refused")
    func typesAndBytes() async throws {
        try await withHosts { host, _, fetcher in
            let page = await failure { try await fetcher.fetchImage(at: URL(string: "\(host.base)/page.html")!, maximumBytes: 1 << 20, party: nil) }
            #expect(page == .rejected(.notAnImage))
            let big = await failure { try await fetcher.fetchImage(at: URL(string: "\(host.base)/big.png")!, maximumBytes: 1000, party: nil) }
            #expect(big == .rejected(.tooLarge))
        }
    }

    @Test("four redirects are followed, a fifth is refused")
    func redirectLimit() async throws {
        try await withHosts { host, _, fetcher in
            _ = try await fetcher.fetchImage(at: URL(string: "\(host.base)/hop/4")!, maximumBytes: 1 << 20, party: nil)
            let tooMany = await failure { try await fetcher.fetchImage(at: URL(string: "\(host.base)/hop/5")!, maximumBytes: 1 << 20, party: nil) }
            #expect(tooMany == .server(status: 302))
        }
    }

    @Test("through the pipeline: a pixel bomb is refused and never stored; a good image is stored on disk")
    func pipelineOverTheLiveFetcher() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withHosts { host, _, fetcher in
            let disk = try DiskImageCache(directory: directory, maximumBytes: 1 << 20)
            let images = ReadmeImages(fetcher: fetcher, diskCache: disk)
            #expect(await images.image(at: URL(string: "\(host.base)/bomb.png")!) == .failure(.rejected(.tooLarge)))
            let badge = URL(string: "\(host.base)/badge.png")!
            #expect(try await images.image(at: badge).get().contentType == "image/png")
            #expect(await disk.count == 1)
            #expect(await disk.contains(badge.absoluteString))
        }
    }

    @Test("a redirect to an IPv4-translated loopback address ([::ffff:0:127.0.0.1]) is refused (issue 33, item 8)")
    func redirectToTranslatedAddress() async throws {
        try await withHosts { host, _, fetcher in
            let refused = await fault { try await fetcher.fetchImage(at: URL(string: "\(host.base)/to-translated")!, maximumBytes: 1 << 20, party: nil) }
            #expect(refused == UpstreamFault(.rejected(.hostNotAllowed), origin: nil))
            #expect(host.asked == ["/to-translated"])
        }
    }

    /// Issue 33, item 5: what the breaker may hold against a host is what that host did.
    @Test("faults name the origin that caused them: a refused port its own, a redirect we refuse the host that answered, a policy refusal nobody")
    func faultsNameTheirOrigin() async throws {
        try await withHosts(exempt: { _ in ["127.0.0.1"] }) { host, _, fetcher in
            func fetch(_ address: String) async -> UpstreamFault? {
                await fault { try await fetcher.fetchImage(at: URL(string: address)!, maximumBytes: 1 << 20, party: nil) }
            }
            let origin = "http://127.0.0.1:\(host.port)"
            #expect(await fetch("http://127.0.0.1:1/badge.png") == UpstreamFault(.offline, origin: "http://127.0.0.1:1"))
            #expect(await fetch("\(host.base)/to-gopher") == UpstreamFault(.rejected(.hostNotAllowed), origin: origin))
            #expect(await fetch("\(host.base)/to-file") == UpstreamFault(.rejected(.hostNotAllowed), origin: origin))
            #expect(await fetch("\(host.base)/hop/5") == UpstreamFault(.server(status: 302), origin: origin))
            #expect(await fetch("\(host.base)/page.html") == UpstreamFault(.rejected(.notAnImage), origin: origin))
            #expect(await fetch("\(host.base)/to-metadata") == UpstreamFault(.rejected(.hostNotAllowed), origin: nil))
        }
    }

    @Test("through the pipeline: refused fetches to host:1 and redirects to gopher: never close the host's images")
    func pipelineBreakerByOrigin() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("readme-images-\(UUID())")
        defer { try? FileManager.default.removeItem(at: directory) }
        try await withHosts(exempt: { _ in ["127.0.0.1"] }) { host, _, fetcher in
            let images = ReadmeImages(fetcher: fetcher, diskCache: try DiskImageCache(directory: directory, maximumBytes: 1 << 20))
            for index in 0..<4 {
                let refused = URL(string: "http://127.0.0.1:1/\(index).png")!
                #expect(await images.image(at: refused) == .failure(.offline))
                let gopher = URL(string: "\(host.base)/to-gopher?\(index)")!
                #expect(await images.image(at: gopher) == .failure(.rejected(.hostNotAllowed)))
            }
            #expect(images.statistics.fetches == 7, "the refusing port failed fast the fourth time; the host was asked every time")
            let badge = URL(string: "\(host.base)/badge.png")!
            #expect(try await images.image(at: badge).get().contentType == "image/png")
        }
    }
}
