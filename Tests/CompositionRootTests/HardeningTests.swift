import Crypto
import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Issue 12 at the router: device cookies only the server issued, requests from other sites
/// refused, HEAD and 405. Connection-level cases (timeouts, HTTP/1.0, malformed bodies, shutdown)
/// need real sockets: `reliability/fast` and `HTTPConnectionsTests`.
@Suite("Hardening")
struct HardeningTests {
    static let niva = [("manufacturer", "Lada"), ("model", "Niva"), ("body", "suv")]

    @Test("a device cookie the server never issued is no identity: a bare id or a forged signature gets a new device")
    func unissuedCookies() async throws {
        try await TestDeck().run { client in
            let bare = String(repeating: "ab", count: 16)
            for value in [bare, bare + "." + String(repeating: "0", count: 32), bare + ".", "x." + bare] {
                let response = try await client.execute(uri: "/", method: .get, headers: [.cookie: "appdeck_device=\(value)"])
                let issued = try #require(response.headers[.setCookie])
                #expect(issued.hasPrefix("appdeck_device="))
                #expect(!issued.hasPrefix("appdeck_device=\(bare)"))
            }
        }
    }

    @Test("a bare cookie from before signing no longer opens its device, even one that stored something (issue 33, found 2)")
    func legacyCookieOfAKnownDevice() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            _ = try await browser.post("/cars", form: Self.niva)
            let signed = try #require(browser.cookie)
            // The device's id, second in the cookie since issue 36 (the session's is first).
            let id = String(signed.dropFirst("appdeck_device=".count).split(separator: ".")[1])

            let legacy = try await client.execute(uri: "/cars", method: .get, headers: [.cookie: "appdeck_device=\(id)"])
            #expect(!legacy.text.contains("Niva"))
            let issued = try #require(legacy.headers[.setCookie])
            #expect(!issued.contains(id), "the bare id was signed and handed back")
        }
    }

    @Test("a cookie signed in the form before issue days (id.mac) still opens its device and is renewed at once")
    func signedCookieWithoutDay() async throws {
        let deck = try TestDeck()
        try await deck.run { client in
            var browser = Browser(client)
            _ = try await browser.post("/cars", form: Self.niva)
            // The cookie names the session, then the device (issue 36): the device's own cookie of before is of the device.
            let id = String(try #require(browser.cookie).dropFirst("appdeck_device=".count).split(separator: ".")[1])
            let server = try Data(contentsOf: deck.dataDirectory.appendingPathComponent("csrf.key"))
            let v1 = Data(HMAC<SHA256>.authenticationCode(for: Data("appdeck device cookie v1".utf8), using: SymmetricKey(data: server)))
            let mac = HMAC<SHA256>.authenticationCode(for: Data(id.utf8), using: SymmetricKey(data: v1))
            let old = id + "." + mac.prefix(16).map { String(format: "%02x", $0) }.joined()

            let answer = try await client.execute(uri: "/cars", method: .get, headers: [.cookie: "appdeck_device=\(old)"])
            #expect(answer.text.contains("Niva"))
            let renewed = try #require(answer.headers[.setCookie])
            #expect(renewed.range(of: #"^appdeck_device=[0-9a-f]{32}\.\#(id)\."#, options: .regularExpression) != nil, "a session of the same device")
            #expect(!renewed.hasPrefix("appdeck_device=\(old);"))
        }
    }

    @Test("a state-changing request another site sends is refused even with the device's token")
    func crossSiteRequests() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let token = try await browser.csrfToken()
            let body = "manufacturer=Lada&model=Niva&body=suv&_csrf=\(token)"
            for headers: HTTPFields in [
                [.origin: "http://evil.example"], [.origin: "null"],
                [HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], [HTTPField.Name("Sec-Fetch-Site")!: "same-site"],
            ] {
                var fields = headers
                fields[.contentType] = "application/x-www-form-urlencoded"
                let response = try await browser.send("/cars", method: .post, headers: fields, body: ByteBuffer(string: body))
                #expect(response.status == .forbidden)
            }
            #expect(!(try await browser.get("/cars").text.contains("Niva")))

            let sameOrigin: HTTPFields = [.contentType: "application/x-www-form-urlencoded", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]
            let accepted = try await browser.send("/cars", method: .post, headers: sameOrigin, body: ByteBuffer(string: body))
            #expect(accepted.status == .seeOther)
            #expect(try await browser.get("/cars").text.contains("Niva"))
        }
    }

    @Test("a form with a field given twice is a clear 400, with or without the token, and changes nothing")
    func duplicatedField() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let token = try await browser.csrfToken()
            let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
            for body in ["manufacturer=Lada&model=Niva&model=Vesta&body=suv&_csrf=\(token)", "_csrf=\(token)&_csrf=\(token)&model=Niva"] {
                let response = try await browser.send("/cars", method: .post, headers: form, body: ByteBuffer(string: body))
                #expect(response.status == .badRequest)
                #expect(response.headers[.contentType]?.hasPrefix("text/html") == true)
            }
            #expect(!(try await browser.get("/cars").text.contains("Niva")))
        }
    }

    @Test("HEAD answers what GET answers, without the body", arguments: ["/", "/healthz", "/cars", "/manifest.webmanifest", "/missing"])
    func head(path: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let get = try await browser.get(path)
            let head = try await browser.send(path, method: .head, headers: [:], body: nil)
            #expect(head.status == get.status)
            #expect(head.headers[.contentType] == get.headers[.contentType])
            #expect(head.headers[.contentLength] == String(get.body.readableBytes))
            #expect(head.body.readableBytes == 0)
        }
    }

    @Test("a path the deck serves, asked with a method it does not answer there, gets 405 and Allow", arguments: [
        ("/healthz", HTTPRequest.Method.delete, "GET, HEAD"),
        ("/cars", .put, "GET, HEAD, POST"),
        ("/settings/language", .get, "POST"),
    ])
    func methodNotAllowed(path: String, method: HTTPRequest.Method, allow: String) async throws {
        try await TestDeck().run { client in
            let response = try await client.execute(uri: path, method: method, headers: [.acceptLanguage: "en"])
            #expect(response.status == .methodNotAllowed)
            #expect(response.headers[.allow] == allow)
            #expect(response.text.contains("Not Allowed"))
        }
    }

    @Test("a path the deck does not serve is 404 whatever the method")
    func unknownPath() async throws {
        try await TestDeck().run { client in
            for method: HTTPRequest.Method in [.get, .delete, .put] {
                let response = try await client.execute(uri: "/no/such/page", method: method)
                #expect(response.status == .notFound)
            }
        }
    }
}
