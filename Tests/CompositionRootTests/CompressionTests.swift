import CompressNIO
import DeckTestSupport
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing
import WebShell

/// Gzipped answers (issue 34, found 4): pages, text and SVG when the client accepts gzip, assets
/// compressed once at start, never what is compressed already or tiny, `Vary: Accept-Encoding`.
@Suite("Compression")
struct CompressionTests {
    static let gzip: HTTPFields = [.acceptEncoding: "gzip, deflate, br"]

    static func gunzip(_ body: ByteBuffer) throws -> String {
        var compressed = body
        return String(buffer: try compressed.decompress(with: .gzip))
    }

    @Test("Accept-Encoding is read by its qualities", arguments: [
        ("gzip", true), ("gzip, deflate, br", true), ("br;q=1.0, gzip;q=0.5", true), ("GZIP", true), ("x-gzip", true),
        ("*", true), ("gzip;q=0", false), ("*, gzip;q=0", false), ("*;q=0", false), ("deflate, br", false),
        ("identity", false), ("", false),
    ])
    func acceptEncoding(header: String, accepted: Bool) {
        #expect(Gzip.isAccepted(by: header) == accepted)
    }

    @Test("kept compressors give each answer a whole gzip stream of its own, one after another and at once (issue 47)")
    func keptCompressors() async throws {
        let pages = (0..<40).map { index in String(repeating: "<li>row \(index) – Škoda Октавия</li>", count: 20 + index * 7) }
        for page in pages {
            #expect(try Self.gunzip(try Gzip.compress(ByteBuffer(string: page))) == page)
        }
        try await withThrowingTaskGroup(of: Bool.self) { group in
            for page in pages {
                group.addTask { try Self.gunzip(try Gzip.compress(ByteBuffer(string: page))) == page }
            }
            for try await same in group { #expect(same) }
        }
    }

    @Test("a page is gzipped for a client that accepts it, byte for byte the same page, and says Vary")
    func pages() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            _ = try await browser.get("/")
            let plain = try await browser.get("/cars")
            #expect(plain.headers[.contentEncoding] == nil)
            #expect(plain.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(plain.headers[.vary]?.contains("Cookie") == true, "the device's Vary is kept")
            let zipped = try await browser.get("/cars", headers: Self.gzip)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(zipped.body.readableBytes < plain.body.readableBytes / 2)
            #expect(try Self.gunzip(zipped.body) == plain.text)
            let refused = try await browser.get("/cars", headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
        }
    }

    @Test("the home page comes gzipped from its kept pieces: the plain page with this device's token, Vary said once (issue 47)")
    func homePage() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let plain = try await browser.get("/")
            let zipped = try await browser.get("/", headers: Self.gzip)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[fields: .vary].count == 1 && zipped.headers[.vary]?.contains("Accept-Encoding") == true)
            #expect(try Self.gunzip(zipped.body) == plain.text)
            let token = try await browser.csrfToken()
            #expect(plain.text.contains(#"name="_csrf" value="\#(token)""#), "the page carries the device's token")
            let head = try await browser.send("/", method: .head, headers: Self.gzip, body: nil)
            #expect(head.headers[.contentLength] == String(zipped.body.readableBytes))
            let refused = try await browser.get("/", headers: [.acceptEncoding: "gzip;q=0"])
            #expect(refused.headers[.contentEncoding] == nil)
            #expect(refused.text == plain.text)
        }
    }

    @Test("HEAD names the length a GET sends, compressed")
    func head() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            _ = try await browser.get("/")
            let get = try await browser.get("/cars", headers: Self.gzip)
            let head = try await browser.send("/cars", method: .head, headers: Self.gzip, body: nil)
            #expect(head.headers[.contentEncoding] == "gzip")
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("a stylesheet comes gzipped once from memory, with its own ETag; a PNG and a tiny answer never")
    func assets() async throws {
        try await TestDeck().run { client in
            let home = try await client.execute(uri: "/", method: .get)
            let css = try #require(Browser.firstMatch(of: #"href="(/assets/[^"]+/css/app\.css)""#, in: home.text))
            let plain = try await client.execute(uri: css, method: .get)
            let zipped = try await client.execute(uri: css, method: .get, headers: Self.gzip)
            #expect(zipped.headers[.contentEncoding] == "gzip")
            #expect(zipped.headers[.vary] == "Accept-Encoding" && plain.headers[.vary] == "Accept-Encoding")
            #expect(try Self.gunzip(zipped.body) == plain.text)
            let plainTag = try #require(plain.headers[.eTag])
            let zippedTag = try #require(zipped.headers[.eTag])
            #expect(plainTag != zippedTag)
            let revalidated = try await client.execute(
                uri: css, method: .get, headers: [.acceptEncoding: "gzip", .ifNoneMatch: zippedTag])
            #expect(revalidated.status == .notModified)

            let png = try #require(Browser.firstMatch(of: #"(/assets/[^"]+/icons/appdeck-192\.png)"#, in: home.text))
            let image = try await client.execute(uri: png, method: .get, headers: Self.gzip)
            #expect(image.status == .ok)
            #expect(image.headers[.contentEncoding] == nil)

            let health = try await client.execute(uri: "/healthz", method: .get, headers: Self.gzip)
            #expect(health.headers[.contentEncoding] == nil)
        }
    }
}
