import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Localization
import TestDoubles
import Testing
import Upstream

/// "Sign in with GitHub" at the router (issue 49): offered only with a client id, started and
/// checked by CSRF-checked posts, GitHub polled no faster than the interval whoever asks, and
/// each ending said; the device code never on a page.
@Suite("GitHub device sign-in routes")
struct DeviceSignInRoutesTests {
    func deck(_ stores: StoreKind = .sqlite, clock: ManualDate, configure: (inout FakeDeviceFlow.State) -> Void = { _ in }) throws -> TestDeck {
        var deck = try TestDeck(stores)
        deck.githubDeviceFlow = FakeDeviceFlow(configure)
        deck.now = clock.reader
        deck.github.update {
            $0.users[FakeDeviceFlow.grantedToken] = GitHubUser(login: "octo", id: 1, name: "Octo", htmlURL: URL(string: "https://github.com/octo")!)
        }
        return deck
    }

    /// A check as the page's script asks: JSON.
    func checkForScript(_ browser: inout Browser) async throws -> [String: Any] {
        let token = try await browser.csrfToken()
        let reply = try await browser.send(
            "/github/sign-in/device/check", method: .post,
            headers: [.accept: "application/json", .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: "_csrf=\(token)"))
        #expect(reply.status == .ok)
        return try #require(JSONSerialization.jsonObject(with: Data(buffer: reply.body)) as? [String: Any])
    }

    @Test("without a client id, sign-in is the token field alone and the device routes do not exist")
    func notOffered() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let page = try await browser.get("/github/sign-in")
            #expect(!page.text.contains("/github/sign-in/device"))
            #expect(page.text.contains(#"id="github-token""#))
            #expect(try await browser.get("/github/sign-in/device").status == .notFound)
        }
    }

    @Test("from the button to signed in: the code and GitHub's link, polled no faster than the interval, the token stored", arguments: StoreKind.allCases)
    func wholeFlow(stores: StoreKind) async throws {
        let clock = ManualDate()
        let deck = try deck(stores, clock: clock)
        let fake = try #require(deck.githubDeviceFlow)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let signIn = try await browser.get("/github/sign-in")
            #expect(signIn.text.contains(#"action="/github/sign-in/device""#))
            #expect(signIn.text.contains("Sign In with GitHub"))
            #expect(signIn.text.contains(#"id="github-token""#), "the token field stays as the second way")

            let started = try await browser.post("/github/sign-in/device", form: [])
            #expect(started.status == .seeOther)
            #expect(started.headers[.location] == "/github/sign-in/device")
            #expect(fake.scopes == ["repo read:user"])
            let page = try await browser.get("/github/sign-in/device")
            #expect(page.status == .ok)
            #expect(page.text.contains(">WDJB-MJHT<"))
            #expect(page.text.contains(#"href="https://github.com/login/device""#))
            #expect(page.text.contains("Open github.com/login/device"))
            #expect(page.text.contains(#"data-github-device-poll="5""#))
            #expect(!page.text.contains(fake.polledWith.first ?? "3584d83530557fdd1f46af8289938c8ef79f9dc5"))
            #expect(!page.text.contains("3584d83530557fdd1f46af8289938c8ef79f9dc5"))

            // Asked at once and again: GitHub is not, until the interval has passed.
            let early = try await browser.post("/github/sign-in/device/check", form: [])
            #expect(early.headers[.location] == "/github/sign-in/device")
            let waiting = try await checkForScript(&browser)
            #expect(waiting["state"] as? String == "waiting")
            #expect(waiting["retryAfter"] as? Int == 5)
            #expect(fake.polls == 0)
            clock.advance(seconds: 5)
            _ = try await checkForScript(&browser)
            _ = try await checkForScript(&browser)
            #expect(fake.polls == 1)

            fake.update { $0.answers = [.granted(DeviceFlowSecret(FakeDeviceFlow.grantedToken))] }
            clock.advance(seconds: 5)
            let done = try await browser.post("/github/sign-in/device/check", form: [])
            #expect(done.status == .seeOther)
            #expect(done.headers[.location] == "/github")
            #expect(fake.polls == 2)
            let list = try await browser.get("/github")
            #expect(list.status == .ok)
            #expect(deck.github.tokens.last == FakeDeviceFlow.grantedToken)
            #expect(!list.text.contains(FakeDeviceFlow.grantedToken))
            #expect(try await browser.get("/github/sign-in/device").headers[.location] == "/github")
        }
    }

    @Test("both posts are refused without the CSRF token")
    func csrf() async throws {
        let clock = ManualDate()
        let deck = try deck(clock: clock)
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            #expect(try await browser.post("/github/sign-in/device", form: [], csrf: false).status == .forbidden)
            #expect(deck.githubDeviceFlow?.starts == 0)
            _ = try await browser.post("/github/sign-in/device", form: [])
            clock.advance(seconds: 5)
            #expect(try await browser.post("/github/sign-in/device/check", form: [], csrf: false).status == .forbidden)
            #expect(deck.githubDeviceFlow?.polls == 0)
        }
    }

    @Test("access_denied and expired_token end the page in the person's language", arguments: [
        (DeviceFlowEnd.denied, "ru"), (.expired, "pl"), (.expired, "en"),
    ])
    func endings(end: DeviceFlowEnd, language: String) async throws {
        let clock = ManualDate()
        let deck = try deck(clock: clock) { $0.answers = [.ended(end)] }
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: language)
            _ = try await browser.post("/github/sign-in/device", form: [])
            clock.advance(seconds: 5)
            let ended = try await checkForScript(&browser)
            #expect(ended["state"] as? String == "ended")
            #expect(ended["location"] as? String == "/github/sign-in/device")
            let page = try await browser.get("/github/sign-in/device")
            let catalogue = Catalogues.github[Language(rawValue: language)!]
            let key = end == .denied ? "denied" : "expired"
            #expect(page.text.contains(catalogue.text("github.device.ended.\(key).message")))
            #expect(page.text.contains(catalogue.text("github.device.startAgain")))
            #expect(!page.text.contains("WDJB-MJHT"))
            #expect(try await browser.get("/github").headers[.location] == "/github/sign-in")
        }
    }

    @Test("a disabled device flow and no connection are said at the start; a lost flow says so")
    func startFailures() async throws {
        let clock = ManualDate()
        let deck = try deck(clock: clock) { $0.startFailure = DeviceFlowEnd.disabled }
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let disabled = try await browser.post("/github/sign-in/device", form: [])
            #expect(disabled.status == .badGateway)
            #expect(disabled.text.contains(Catalogue.text(.en, "github.device.ended.disabled.message")))
            deck.githubDeviceFlow?.update { $0.startFailure = UpstreamFailure.offline }
            let offline = try await browser.post("/github/sign-in/device", form: [])
            #expect(offline.status == .badGateway)
            #expect(offline.text.contains(Catalogue.text(.en, "github.failure.offline")))
            let gone = try await browser.get("/github/sign-in/device")
            #expect(gone.status == .notFound)
            #expect(gone.text.contains(Catalogue.text(.en, "github.device.ended.gone.message")))
        }
    }
}
