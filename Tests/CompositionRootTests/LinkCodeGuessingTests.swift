import DeckTestSupport
import Devices
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import TestDoubles
import WebShell

/// Issue 36, "attempts are limited per client address and per code", through a real server
/// behind a trusted proxy (the test client), so each request's `X-Forwarded-For` names its
/// address: wrong codes for one link from five addresses spend that link's code, which the
/// per-address limit alone would not notice; the link itself still works.
@Suite("Guessing a link code")
struct LinkCodeGuessingTests {
    private func withServer(_ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("link-guessing-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let memory = InMemoryStores()
        var logger = Logger(label: "link-guessing")
        logger.logLevel = .critical
        let router = try DeckRouter.build(
            apps: [], preferences: memory.devices, sessions: InMemorySessions(), key: try ServerKey.load(from: .embedded(in: directory)),
            logger: logger, trustedProxies: ["127.0.0.1"])
        try await Application(router: router, logger: logger).test(.live, body)
    }

    /// A form post as the browser sends it, with the token of the page that has the form (this
    /// deck has no home page), from `address`.
    private func post(
        _ path: String, _ fields: [(String, String)], formOn page: String, from address: String, as browser: inout Browser
    ) async throws -> TestResponse {
        let form = try await browser.get(page).text
        let token = try #require(Browser.firstMatch(of: #"name="_csrf" value="([0-9a-f]+)""#, in: form))
        let body = (fields + [("_csrf", token)]).map { "\(Browser.encode($0.0))=\(Browser.encode($0.1))" }.joined(separator: "&")
        return try await browser.send(path, method: .post, headers: [
            .contentType: "application/x-www-form-urlencoded", HTTPField.Name("X-Forwarded-For")!: address,
        ], body: ByteBuffer(string: body))
    }

    /// `POST /link` with `code` (and `confirm=1` when `confirming`) from `address`.
    private func typeCode(
        _ code: String, confirming: Bool = false, from address: String, as browser: inout Browser
    ) async throws -> TestResponse {
        try await post("/link", [("code", code)] + (confirming ? [("confirm", "1")] : []), formOn: "/link", from: address, as: &browser)
    }

    @Test("five wrong secrets for one code, from five addresses, spend it: the right code then says so, the link still links")
    func perCode() async throws {
        try await withServer { client in
            var owner = Browser(client)
            let made = try await post("/devices/link", [], formOn: "/devices", from: "192.0.2.1", as: &owner)
            let code = try #require(Browser.firstMatch(of: #"name="link-code"[^>]*>([0-9A-Z-]{14})</output>"#, in: made.text))
            let link = try #require(Browser.firstMatch(of: #"rel="link-device"[^>]*href="http://[^/]+(/link/[0-9a-f]{32})""#, in: made.text))
            let lookup = String(code.prefix(5))
            let wrong = code.hasSuffix("0000-0000") ? "1111-1111" : "0000-0000"
            for address in 1..<LinkGrant.wrongCodeLimit {
                var guesser = Browser(client)
                let answer = try await typeCode(lookup + wrong, confirming: address.isMultiple(of: 2), from: "198.51.100.\(address)", as: &guesser)
                #expect(answer.status == .unprocessableContent)
                #expect(answer.text.contains("does not work"), "try \(address): the usual answer, nothing said of the link")
            }
            var last = Browser(client)
            let spending = try await typeCode(lookup + wrong, from: "198.51.100.99", as: &last)
            #expect(spending.status == .unprocessableContent)
            #expect(spending.text.contains("typed wrong too many times"))

            var partner = Browser(client, acceptLanguage: "pl")
            let refused = try await typeCode(code, confirming: true, from: "203.0.113.7", as: &partner)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("zbyt wiele razy"), "the right code, spent, says so in the page's language")
            #expect(refused.text.contains(#"value="\#(code)""#), "what was typed stays")

            let opened = try await partner.get(link)
            #expect(opened.status == .ok && opened.text.contains("data-confirm-link"), "the link still works")
        }
    }
}
