import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Synchronization
import Testing
import CompositionRoot
import WebShell

/// The device cookie is renewed while the browser keeps coming back (issue 33, found 1): a cookie
/// lives 400 days, and a page answered to a browser whose cookie is more than a day old carries it
/// again with the full lifetime, so a person who opens AppDeck monthly never loses their device.
@Suite("Device cookie renewal")
struct DeviceCookieRenewalTests {
    /// A browser's cookie jar that honours `Max-Age` against the test's clock, as a browser does.
    struct Jar {
        var value: String?
        var expires: Date?

        mutating func header(at now: Date) -> HTTPFields {
            if let expires, now >= expires { value = nil }
            return value.map { [.cookie: "appdeck_device=\($0)"] } ?? [:]
        }

        /// Takes the `Set-Cookie` of an answer; whether there was one.
        @discardableResult
        mutating func take(_ response: TestResponse, at now: Date) -> Bool {
            guard let setCookie = response.headers[.setCookie] else { return false }
            let parts = setCookie.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            value = parts.first.map { String($0.dropFirst("appdeck_device=".count)) }
            let maxAge = parts.first { $0.hasPrefix("Max-Age=") }.flatMap { Int($0.dropFirst("Max-Age=".count)) }
            expires = maxAge.map { now.addingTimeInterval(TimeInterval($0)) }
            return true
        }
    }

    private func withDeck(clock: WallClock, _ body: @Sendable (any TestClientProtocol) async throws -> Void) async throws {
        let deck = try TestDeck()
        defer {
            try? deck.database.close()
            try? FileManager.default.removeItem(at: deck.dataDirectory)
        }
        var environment = try await deck.environment()
        environment.now = { clock.now }
        var logger = Logger(label: "cookie-renewal")
        logger.logLevel = .critical
        let router = try AppDeckServer.makeRouter(environment: environment, logger: logger)
        try await Application(router: router, logger: logger).test(.router, body)
    }

    /// A first visit, which gets a cookie, then Polish chosen: the device's mark to look for later.
    private static func firstVisitChoosingPolish(_ client: any TestClientProtocol, jar: inout Jar, at now: Date) async throws {
        let first = try await client.execute(uri: "/", method: .get, headers: jar.header(at: now))
        let gotCookie = jar.take(first, at: now)
        #expect(gotCookie, "a first visit gets a cookie")
        let token = try #require(Browser.firstMatch(of: #"name="_csrf" value="([0-9a-f]{64})""#, in: first.text))
        let chosen = try await client.execute(
            uri: LanguageSwitcher.path, method: .post,
            headers: jar.header(at: now).merging([.contentType: "application/x-www-form-urlencoded"]),
            body: ByteBuffer(string: "language=pl&_csrf=\(token)"))
        #expect(chosen.status == .seeOther)
    }

    @Test("used monthly for three years: the same device all along, its choice kept")
    func monthlyForThreeYears() async throws {
        let clock = WallClock(Date(timeIntervalSince1970: 1_780_000_000))
        try await withDeck(clock: clock) { client in
            var jar = Jar()
            try await Self.firstVisitChoosingPolish(client, jar: &jar, at: clock.now)
            var renewals = 0
            for _ in 1...36 {
                clock.advance(days: 31)
                let monthly = try await client.execute(uri: "/", method: .get, headers: jar.header(at: clock.now))
                #expect(monthly.status == .ok)
                #expect(monthly.text.contains(#"<html lang="pl""#), "the device's language was lost: a new device")
                if jar.take(monthly, at: clock.now) { renewals += 1 }
            }
            #expect(renewals == 36, "every monthly visit renews a cookie more than a day old")
        }
    }

    @Test("a cookie a day old or less is not set again; one more than a day old is, with the full lifetime")
    func renewedOnceADay() async throws {
        let clock = WallClock(Date(timeIntervalSince1970: 1_780_000_000))
        try await withDeck(clock: clock) { client in
            var jar = Jar()
            jar.take(try await client.execute(uri: "/", method: .get, headers: jar.header(at: clock.now)), at: clock.now)
            let issued = try #require(jar.value)
            let same = try await client.execute(uri: "/cars", method: .get, headers: jar.header(at: clock.now))
            #expect(same.headers[.setCookie] == nil)
            clock.advance(days: 1)
            let later = try await client.execute(uri: "/cars", method: .get, headers: jar.header(at: clock.now))
            let renewed = try #require(later.headers[.setCookie])
            #expect(renewed.contains("Max-Age=34560000"))
            #expect(renewed.contains("HttpOnly"))
            jar.take(later, at: clock.now)
            #expect(jar.value != issued)
            #expect(jar.value?.prefix(65) == issued.prefix(65), "renewal keeps the session and the device (issue 36)")
            // Assets and probes stay cookie-free.
            let health = try await client.execute(uri: "/healthz", method: .get, headers: jar.header(at: clock.now))
            #expect(health.headers[.setCookie] == nil)
        }
    }

    @Test("a cookie past its Max-Age is no key, even signed (issue 46, item 12); one a day short of it still is")
    func cookiePastItsMaxAgeIsRefused() async throws {
        let clock = WallClock(Date(timeIntervalSince1970: 1_780_000_000))
        try await withDeck(clock: clock) { client in
            var jar = Jar()
            try await Self.firstVisitChoosingPolish(client, jar: &jar, at: clock.now)
            let kept: HTTPFields = [.cookie: "appdeck_device=\(try #require(jar.value))"]
            // A copy kept outside the browser, which would have dropped it at its Max-Age.
            clock.advance(days: 400)
            let lastDay = try await client.execute(uri: "/", method: .get, headers: kept)
            #expect(lastDay.text.contains(#"<html lang="pl""#), "on its last day a cookie is still the device's")
            clock.advance(days: 100)
            let stale = try await client.execute(uri: "/", method: .get, headers: kept)
            #expect(!stale.text.contains(#"<html lang="pl""#), "a 500-day-old cookie opened the device")
            let issued = try #require(stale.headers[.setCookie])
            #expect(!issued.contains(String(try #require(jar.value).prefix(65))), "the stale cookie's session was renewed")
        }
    }

    @Test("a bare device id, the unsigned form, is no identity any more: a new device is issued")
    func bareIdIsRefused() async throws {
        let clock = WallClock(Date(timeIntervalSince1970: 1_780_000_000))
        try await withDeck(clock: clock) { client in
            var jar = Jar()
            try await Self.firstVisitChoosingPolish(client, jar: &jar, at: clock.now)
            let bare = String(try #require(jar.value).split(separator: ".")[1])  // the device's id (issue 36)
            let stolen = try await client.execute(uri: "/", method: .get, headers: [.cookie: "appdeck_device=\(bare)"])
            #expect(!stolen.text.contains(#"<html lang="pl""#), "a bare id from the database opened the device")
            let issued = try #require(stolen.headers[.setCookie])
            #expect(!issued.contains(bare), "the bare id was signed and handed back")
        }
    }
}

extension HTTPFields {
    fileprivate func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged.append(field) }
        return merged
    }
}
