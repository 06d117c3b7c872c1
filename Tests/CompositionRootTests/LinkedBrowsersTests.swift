import DeckTestSupport
import Devices
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Synchronization
import QRCode
import TestDoubles
import Testing
@testable import WebShell

/// Issue 36, "Linked browsers", through the deck's own router on both backends: the Devices
/// screen, a code and a link that make another browser show the same data, Remove, and the
/// cookies of before sessions.
@Suite("Linked browsers")
struct LinkedBrowsersTests {
    static let chrome = "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"
    static let safari = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"

    /// A browser that has chosen Polish, so its data can be told from a new device's.
    static func polishBrowser(_ client: any TestClientProtocol) async throws -> Browser {
        var browser = Browser(client)
        try await browser.get("/", headers: [.userAgent: chrome])
        #expect(try await browser.post(LanguageSwitcher.path, form: [("language", "pl")]).status == .seeOther)
        return browser
    }

    static func isPolish(_ browser: inout Browser) async throws -> Bool {
        try await browser.get("/").text.contains(#"<html lang="pl""#)
    }

    /// Stores the browser's session named by Chrome's User-Agent (a session is named at its first write).
    static func storeAsChrome(_ browser: inout Browser) async throws {
        let token = try await browser.csrfToken()
        let made = try await browser.send(
            "/devices/link", method: .post, headers: [.userAgent: chrome, .contentType: "application/x-www-form-urlencoded"],
            body: ByteBuffer(string: "_csrf=\(token)"))
        #expect(made.status == .ok)
    }

    /// `POST /devices/link`'s code and link.
    static func makeLink(_ browser: inout Browser) async throws -> (code: String, link: String) {
        let page = try await browser.post("/devices/link", form: [])
        #expect(page.status == .ok)
        #expect(page.headers[.cacheControl] == "no-store")
        let code = try #require(Browser.firstMatch(of: #"<output[^>]*name="link-code"[^>]*>([0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4})</output>"#, in: page.text))
        let link = try #require(Browser.firstMatch(of: #"<a[^>]*rel="link-device"[^>]*href="([^"]+)""#, in: page.text))
        // The same link as a QR code (issue 50): the symbol of exactly this link, drawn as one path.
        let qr = try #require(QRCode(link.replacingOccurrences(of: "&amp;", with: "&")))
        #expect(page.text.contains(#"<svg class="devices__qr" viewBox="0 0 \#(qr.side) \#(qr.side)" role="img" aria-label=""#))
        #expect(page.text.contains(#"<path d="\#(qr.svgPath)"></path></svg>"#))
        return (code, link)
    }

    @Test("a typed code, confirmed, makes a second browser show the first's data; the code works once", arguments: StoreKind.allCases)
    func linkByCode(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = try await Self.polishBrowser(client)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client)
            let form = try await second.get("/link", headers: [.userAgent: Self.safari])
            #expect(form.text.contains(#"name="code""#))
            let asked = try await second.post("/link", form: [("code", code.lowercased())])
            #expect(asked.status == .ok)
            #expect(asked.text.contains("pokaże dane") || asked.text.contains("will show the data"), "the question says what linking does")
            #expect(!asked.text.contains("data-own-data"), "a browser that keeps nothing is told nothing of its data (issue 50)")
            #expect(!(try await Self.isPolish(&second)), "asking changes nothing yet")
            let token = try await second.csrfToken()
            let before = try #require(second.cookie)
            let linked = try await second.send(
                "/link", method: .post, headers: [.userAgent: Self.safari, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "code=\(code)&confirm=1&_csrf=\(token)"))
            #expect(linked.status == .seeOther)
            #expect(try await Self.isPolish(&second))
            // A request that crossed the linking, with the cookie of before, is the new session's
            // (not a new device that would overwrite the new cookie), and is given its cookie.
            let crossed = try await client.execute(uri: "/", method: .get, headers: [.cookie: before])
            #expect(crossed.text.contains(#"<html lang="pl""#))
            #expect(crossed.headers[.setCookie]?.hasPrefix(try #require(second.cookie)) == true)

            // The first browser lists the second by its name; the code is spent.
            let devices = try await first.get("/devices")
            #expect(devices.text.contains("Safari na iPhone"))
            #expect(Browser.allMatches(of: #"data-session="([0-9a-f]{32})""#, in: devices.text).count == 1)
            // A code of the data this browser already shows says so, and asks nothing about its data.
            let (again, _) = try await Self.makeLink(&first)
            let already = try await second.post("/link", form: [("code", again)])
            #expect(already.text.contains("already shows") || already.text.contains("już pokazuje"))
            #expect(!already.text.contains("dane nie są łączone"))
            var third = Browser(client)
            #expect(try await third.post("/link", form: [("code", code), ("confirm", "1")]).status == .unprocessableContent)
            #expect(!(try await Self.isPolish(&third)))
        }
    }

    @Test("after a link, home says whose data this browser shows now, naming it as Devices does, once (issue 50)",
          arguments: StoreKind.allCases)
    func linkedBanner(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = Browser(client, acceptLanguage: "en")
            try await Self.storeAsChrome(&first)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client, acceptLanguage: "en")
            _ = try await second.get("/", headers: [.userAgent: Self.safari])
            let linked = try await second.post("/link", form: [("code", code), ("confirm", "1")])
            #expect(linked.status == .seeOther)
            let location = try #require(linked.headers[.location])
            // The first browser, as the second's Devices screen lists it.
            let firstSession = try #require(Browser.firstMatch(of: #"data-session="([0-9a-f]{32})""#, in: try await second.get("/devices").text))
            #expect(location == "/?linked=\(firstSession)")
            let home = try await second.get(location)
            #expect(home.status == .ok)
            let banner = try #require(Browser.firstMatch(of: #"(<div class="link-banner"[^>]*>)"#, in: home.text))
            #expect(banner.contains(#"role="status""#))
            #expect(home.text.contains("This browser now shows the same data as Chrome on Android."))
            // Once: home without the query says nothing; a session not of this data asks for nothing.
            #expect(!(try await second.get("/").text.contains("link-banner")))
            #expect(!(try await second.get("/?linked=\(SessionID.random().rawValue)").text.contains("link-banner")))
            #expect(!(try await second.get("/?linked=nope").text.contains("link-banner")))
            var stranger = Browser(client)
            #expect(!(try await stranger.get(location).text.contains("link-banner")), "another owner's browser is not named")
        }
    }

    @Test("after a link, the banner is in the page's language", arguments: ["ru", "pl"])
    func linkedBannerLanguages(_ language: String) async throws {
        try await TestDeck().run { client in
            var first = Browser(client, acceptLanguage: language)
            try await Self.storeAsChrome(&first)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client, acceptLanguage: language)
            let linked = try await second.post("/link", form: [("code", code), ("confirm", "1")])
            let home = try await second.get(try #require(linked.headers[.location]))
            let expected = language == "ru"
                ? "Этот браузер теперь показывает те же данные, что и Chrome на Android."
                : "Ta przeglądarka pokazuje teraz te same dane co Chrome na Android."
            #expect(home.text.contains(expected))
        }
    }

    @Test("the question speaks of this browser's own data only when it keeps some (issue 50)", arguments: StoreKind.allCases)
    func confirmationSpeaksOfOwnDataOnlyWhenThere(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = Browser(client, acceptLanguage: "en")
            let (code, link) = try await Self.makeLink(&first)
            let own = "own data (its habits, cars, settings and GitHub sign-in) is not merged"
            let keep = "To keep it, export it first"

            // Nothing kept (a reported time zone is no data a person made): no word of it.
            var empty = Browser(client, acceptLanguage: "en")
            _ = try await empty.post("/device/time-zone", form: [("timeZone", "Europe/Warsaw")])
            for asked in [try await empty.post("/link", form: [("code", code)]), try await empty.get(try #require(URL(string: link)?.path))] {
                #expect(asked.status == .ok)
                #expect(asked.text.contains("This browser will show the data of the browser that made the code."))
                #expect(!asked.text.contains(own) && !asked.text.contains(keep) && !asked.text.contains("leaves this browser"))
            }

            // A car, a chosen language, a GitHub sign-in: each is data of its own, and the question says so.
            var withCar = Browser(client, acceptLanguage: "en")
            #expect(try await withCar.post("/cars", form: [("manufacturer", "Lada"), ("model", "Niva"), ("body", "suv")]).status == .seeOther)
            var withLanguage = Browser(client)
            _ = try await withLanguage.post(LanguageSwitcher.path, form: [("language", "en")])
            var signedIn = Browser(client, acceptLanguage: "en")
            _ = try await signedIn.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            for var browser in [withCar, withLanguage, signedIn] {
                let asked = try await browser.post("/link", form: [("code", code)])
                #expect(asked.status == .ok)
                #expect(asked.text.contains(own) && asked.text.contains(keep))
            }
        }
    }

    @Test("the code screen: Copy and the minutes left, in every language (issue 50)", arguments: [
        ("en", "Copy Code", "Expires in 10 minutes"), ("ru", "Скопировать код", "Истекает через 10 минут"), ("pl", "Kopiuj kod", "Wygasa za 10 minut"),
    ])
    func codeScreen(_ language: String, _ copy: String, _ expires: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: language)
            let page = try await browser.post("/devices/link", form: [])
            let code = try #require(Browser.firstMatch(of: #"name="link-code"[^>]*>([0-9A-Z-]{14})</output>"#, in: page.text))
            #expect(page.text.contains(#"data-copy-code="\#(code)""#))
            #expect(page.text.contains(">\(copy)</button>"))
            #expect(page.text.contains(">\(expires)</p>"))
            #expect(page.text.contains(#"data-expires-in="600""#))
        }
    }

    @Test("a browser takes a name of its own on Devices, shown to every linked browser, with when it was linked (issue 50)",
          arguments: StoreKind.allCases)
    func renameBrowser(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = Browser(client, acceptLanguage: "en")
            try await Self.storeAsChrome(&first)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client, acceptLanguage: "en")
            let token = try await second.csrfToken()
            _ = try await second.send(
                "/link", method: .post, headers: [.userAgent: Self.safari, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "code=\(code)&confirm=1&_csrf=\(token)"))
            let devices = try await first.get("/devices")
            let secondID = try #require(Browser.firstMatch(of: #"data-session="([0-9a-f]{32})""#, in: devices.text))
            #expect(devices.text.contains("Safari on iPhone"))
            #expect(devices.text.contains(">Linked "), "each browser says when it was linked")
            #expect(devices.text.contains(#"aria-label="Rename Safari on iPhone""#))

            // The field opens with the User-Agent's name as what an empty one gives back.
            let asked = try await first.get("/devices?rename=\(secondID)")
            #expect(asked.text.contains(#"action="/devices/\#(secondID)/rename""#))
            #expect(asked.text.contains(#"<label class="list-section__header" for="devices-rename-field">Browser name</label>"#))
            #expect(asked.text.contains("Leave it empty to use “Safari on iPhone”."))

            let renamed = try await first.post("/devices/\(secondID)/rename", form: [("name", "  Anna iPhone  ")])
            #expect(renamed.status == .seeOther)
            #expect(renamed.headers[.location] == "/devices")
            #expect(try await first.get("/devices").text.contains(">Anna iPhone</span>"))
            // The renamed browser sees its own name, within the cache's second.
            try await Task.sleep(for: .milliseconds(1100))
            #expect(try await second.get("/devices").text.contains(">Anna iPhone</span>"))

            // Too long: refused in the page's words, with what was typed kept.
            let long = String(repeating: "x", count: 41)
            let refused = try await first.post("/devices/\(secondID)/rename", form: [("name", long)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"value="\#(long)""#))
            #expect(refused.text.contains("A name can have at most 40 characters."))
            #expect(refused.text.contains(#"aria-invalid="true""#))
            #expect(try await first.post("/devices/\(secondID)/rename", form: [("name", String(repeating: "й", count: 40))]).status == .seeOther)
            #expect(try await first.post("/devices/\(secondID)/rename", form: [("name", "a\tb")]).status == .unprocessableContent)
            var russian = Browser(client, acceptLanguage: "ru")
            let refusedRu = try await russian.post("/devices/this/rename", form: [("name", long)])
            #expect(refusedRu.text.contains("Название может быть не длиннее 40 символов."))

            // Empty gives the User-Agent's name back; this browser is named the same way.
            #expect(try await first.post("/devices/\(secondID)/rename", form: [("name", " ")]).status == .seeOther)
            #expect(!(try await first.get("/devices").text.contains("йййй")))
            #expect(try await first.post("/devices/this/rename", form: [("name", "Work laptop")]).status == .seeOther)
            let mine = try await first.get("/devices")
            #expect(mine.text.contains(">Work laptop</span>"))
            #expect(mine.text.contains("Safari on iPhone"))

            // Another owner's browser cannot name this data's browsers.
            var stranger = Browser(client)
            #expect(try await stranger.post("/devices/\(secondID)/rename", form: [("name", "Mine")]).status == .notFound)
        }
    }

    @Test("opening the link asks first, then links; a wrong or spent link says so", arguments: StoreKind.allCases)
    func linkByURL(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = try await Self.polishBrowser(client)
            let (_, link) = try await Self.makeLink(&first)
            let path = try #require(URL(string: link)?.path)
            #expect(path.hasPrefix("/link/") && path.count == "/link/".count + 32)
            var second = Browser(client)
            let asked = try await second.get(path)
            #expect(asked.status == .ok)
            let token = try #require(Browser.firstMatch(of: #"name="token" value="([0-9a-f]{32})""#, in: asked.text))
            #expect(try await second.post("/link", form: [("token", token), ("confirm", "1")]).status == .seeOther)
            #expect(try await Self.isPolish(&second))
            var third = Browser(client)
            #expect(try await third.get(path).status == .notFound)
            #expect(try await third.get("/link/not-a-token").status == .notFound)
        }
    }

    @Test("a cookie from before linking stands for the new session only for seconds, never as a key later (issue 46, item 2)",
          arguments: StoreKind.allCases)
    func cookieFromBeforeLinkingExpires(_ stores: StoreKind) async throws {
        let clock = WallClock(Date())  // PostgreSQL's link grants expire by the database's own clock
        var deck = try TestDeck(stores)
        deck.now = { clock.now }
        try await deck.run { client in
            var first = try await Self.polishBrowser(client)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client)
            _ = try await second.get("/", headers: [.userAgent: Self.safari])
            let before = try #require(second.cookie)
            let linked = try await second.post("/link", form: [("code", code), ("confirm", "1")])
            #expect(linked.status == .seeOther)
            // The answer that completes the link carries the new session's cookie.
            let setCookie = try #require(linked.headers[.setCookie])
            #expect(!setCookie.hasPrefix(before), "the link's answer sets the new session's cookie")
            #expect(try await Self.isPolish(&second))

            clock.advance(seconds: BrowserSession.replacementWindow - 1)
            let crossed = try await client.execute(uri: "/", method: .get, headers: [.cookie: before])
            #expect(crossed.text.contains(#"<html lang="pl""#), "a request that crossed the link is the new session's")

            clock.advance(seconds: 2)
            for path in ["/", "/habits", "/devices"] {
                let copied = try await client.execute(uri: path, method: .get, headers: [.cookie: before])
                #expect(!copied.text.contains(#"<html lang="pl""#), "the old cookie opened the linked owner's data at \(path)")
                let issued = try #require(copied.headers[.setCookie])
                #expect(!issued.hasPrefix(try #require(second.cookie)), "the old cookie was given the new session's")
            }
            #expect(try await Self.isPolish(&second), "the linked browser, with its new cookie, keeps the data")
        }
    }

    @Test("reading stores nothing: a browser that only reads, cookie or not, is no row; its first write stores it (issue 46, item 5)")
    func readingStoresNothing() async throws {
        let deck = try TestDeck(.sqlite)
        try await deck.run { client in
            var reader = Browser(client)
            for path in ["/", "/cars", "/habits", "/photos", "/github", "/stories", "/devices", "/", "/habits"] {
                let status = try await reader.get(path, headers: [.userAgent: Self.chrome]).status
                #expect(status == .ok || status == .seeOther, "\(path): \(status)")
            }
            #expect(reader.cookie != nil, "the reader has a cookie")
            for _ in 0..<20 {
                var visitor = Browser(client)
                try await visitor.get("/")
                try await visitor.get("/habits")
            }
            #expect(try await deck.database.devices.count() == 0, "a reader was stored")
            #expect(try await reader.post(LanguageSwitcher.path, form: [("language", "pl")]).status == .seeOther)
            #expect(try await Self.isPolish(&reader), "the first write keeps what it wrote")
            #expect(try await deck.database.devices.count() == 1)
        }
    }

    @Test("Remove: the removed browser is a new, empty device at once, and its CSRF tokens stop working", arguments: StoreKind.allCases)
    func remove(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = try await Self.polishBrowser(client)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client)
            _ = try await second.post("/link", form: [("code", code), ("confirm", "1")])
            let secondToken = try await second.csrfToken()
            let id = try #require(Browser.firstMatch(of: #"data-session="([0-9a-f]{32})""#, in: try await first.get("/devices").text))

            // Asked first, on the server: an action sheet whose button posts the removal.
            let sheet = try await first.get("/devices?remove=\(id)")
            #expect(sheet.text.contains(#"action="/devices/\#(id)/remove""#))
            #expect(try await first.post("/devices/\(id)/remove", form: []).status == .seeOther)
            let listed = try await first.get("/devices").text
            #expect(!listed.contains(#"data-session="\#(id)""#), "no longer among the linked browsers")
            #expect(listed.contains(#"data-removed="\#(id)""#), "listed among the removals")

            let stale = try await second.send(
                LanguageSwitcher.path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "language=ru&_csrf=\(secondToken)"))
            #expect(stale.status == .forbidden, "a removed browser's token works no more")
            #expect(!(try await Self.isPolish(&second)), "the removed browser is a new device")
            #expect(try await Self.isPolish(&first), "the first keeps its data")
        }
    }

    @Test("a browser another one removed is told so on its next page, and every browser lists the removal for 30 days (issue 46, item 8)",
          arguments: StoreKind.allCases)
    func removedBrowserIsTold(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            // A session is stored at its first write, named by that request's User-Agent.
            var first = Browser(client)
            let token = try await first.csrfToken()
            _ = try await first.send(
                LanguageSwitcher.path, method: .post, headers: [.userAgent: Self.chrome, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "language=pl&_csrf=\(token)"))
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client)
            let secondToken = try await second.csrfToken()
            _ = try await second.send(
                "/link", method: .post, headers: [.userAgent: Self.safari, .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "code=\(code)&confirm=1&_csrf=\(secondToken)"))
            let id = try #require(Browser.firstMatch(of: #"data-session="([0-9a-f]{32})""#, in: try await first.get("/devices").text))
            #expect(try await first.post("/devices/\(id)/remove", form: []).status == .seeOther)

            // Its next page, a navigation, is the notice; a file it fetches is not.
            let page: HTTPFields = [.accept: "text/html,application/xhtml+xml"]
            let told = try await second.get("/habits", headers: page)
            #expect(told.status == .seeOther)
            let location = try #require(told.headers[.location])
            #expect(location.hasPrefix("/devices/removed?on="))
            #expect(told.headers[values: HTTPField.Name("X-AppDeck-Browser")!] == ["removed"])
            #expect(told.headers[.setCookie] != nil, "the notice comes with the new device's cookie")
            let notice = try await second.get(location, headers: page)
            #expect(notice.status == .ok)
            #expect(notice.headers[values: HTTPField.Name("X-AppDeck-Browser")!] == ["removed"], "the worker, which cannot read the redirect, is told here")
            #expect(notice.text.contains("This Browser Was Removed"))
            #expect(notice.text.contains("Another linked browser removed this one on"))
            #expect(notice.text.contains(#"href="/""#) && notice.text.contains("Start Fresh"))
            // Once told, it is a new, empty device like any other.
            let fresh = try await second.get("/habits", headers: page)
            #expect(fresh.status == .ok)
            #expect(!fresh.text.contains(#"<html lang="pl""#))

            // The first lists who removed whom, in its language.
            let devices = try await first.get("/devices").text
            #expect(devices.contains(#"data-devices="removals""#))
            #expect(devices.contains("Safari na iPhone"))
            #expect(devices.contains("Usunięta przez „Chrome na Android”"), "\(Browser.allMatches(of: #"<time[^>]*>([^<]*)</time>"#, in: devices))")
            #expect(try await second.get("/devices/removed?on=2026-02-30").status == .notFound)
        }
    }

    @Test("Forget this browser: it starts empty, the other linked browser keeps the data", arguments: StoreKind.allCases)
    func forgetThisBrowser(_ stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var first = try await Self.polishBrowser(client)
            let (code, _) = try await Self.makeLink(&first)
            var second = Browser(client)
            _ = try await second.post("/link", form: [("code", code), ("confirm", "1")])
            let sheet = try await second.get("/devices?remove=this")
            #expect(sheet.text.contains(#"action="/devices/this/remove""#))
            let forgot = try await second.post("/devices/this/remove", form: [])
            #expect(forgot.status == .seeOther && forgot.headers[.location] == "/")
            let next = try await second.get("/", headers: [.accept: "text/html"])
            #expect(next.status == .ok, "a browser that forgot itself is not told it was removed")
            #expect(next.headers[values: HTTPField.Name("X-AppDeck-Browser")!] == ["removed"], "the worker is told to drop its pages")
            #expect(!next.text.contains(#"<html lang="pl""#))
            #expect(try await Self.isPolish(&first))
            #expect(Browser.allMatches(of: #"data-session="([0-9a-f]{32})""#, in: try await first.get("/devices").text).isEmpty,
                    "no other browser is left")
        }
    }

    @Test("a device cookie from before sessions keeps its device, becomes a session of it, and its tokens work until replaced")
    func deviceCookieUpgrades() async throws {
        let deck = try TestDeck()
        let key = try ServerKey.load(from: .embedded(in: deck.dataDirectory))
        let cookies = SessionCookie(key: key)
        let device = DeviceID.random()
        try await deck.database.devices.setLanguage("pl", for: device)
        let old = cookies.deviceValue(for: device, issuedOn: SessionCookie.day(of: Date()))
        let legacyToken = CSRFSigner(key: key).legacyToken(for: device)
        try await deck.run { client in
            // A page drawn before the upgrade posts its device token: still good from that cookie.
            let posted = try await client.execute(
                uri: LanguageSwitcher.path, method: .post,
                headers: [.cookie: "appdeck_device=\(old)", .contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "language=ru&_csrf=\(legacyToken)"))
            #expect(posted.status == .seeOther)
            var browser = Browser(client)
            browser.cookie = "appdeck_device=\(old)"
            let page = try await browser.get("/")
            #expect(page.text.contains(#"<html lang="ru""#), "the same device, nothing lost")
            let renewed = try #require(browser.cookie)
            #expect(renewed.split(separator: ".").count == 4, "the cookie is a session's now")
            #expect(cookies.read(String(renewed.dropFirst("appdeck_device=".count)))?.owner == device)
            // The new cookie's token is the session's; the device's alone is refused from it.
            let refused = try await browser.send(
                LanguageSwitcher.path, method: .post, headers: [.contentType: "application/x-www-form-urlencoded"],
                body: ByteBuffer(string: "language=pl&_csrf=\(legacyToken)"))
            #expect(refused.status == .forbidden)
            #expect(try await browser.post(LanguageSwitcher.path, form: [("language", "pl")]).status == .seeOther)
            #expect(try await deck.database.sessions.sessions(of: device).count == 1)
        }
    }

    @Test("guessing codes: one address gets 5 tries, then waits a minute")
    func guessingIsLimited() async throws {
        try await TestDeck().run { client in
            var guesser = Browser(client)
            for attempt in 1...5 {
                #expect(try await guesser.post("/link", form: [("code", "AAAA-AAAA-AAA\(attempt)")]).status == .unprocessableContent)
            }
            let held = try await guesser.post("/link", form: [("code", "AAAA-AAAA-AAA6")])
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter].flatMap(Int.init).map { (1...60).contains($0) } == true)
            #expect(held.text.contains(#"value="AAAA-AAAA-AAA6""#), "what was typed stays")
            // A malformed code costs no try: it is refused before any lookup.
            #expect(try await guesser.post("/link", form: [("code", "nope")]).status == .unprocessableContent)
        }
    }

    @Test("the Devices screen: reachable from home, this browser first, the GitHub note, in every language", arguments: ["en", "ru", "pl"])
    func screen(_ language: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: language)
            let home = try await browser.get("/")
            #expect(home.text.contains(#"href="/devices""#))
            let page = try await browser.get("/devices", headers: [.userAgent: Self.chrome])
            #expect(page.status == .ok)
            let thisBrowser = try #require(page.text.range(of: #"data-devices="this""#))
            let linkSection = try #require(page.text.range(of: #"action="/devices/link""#))
            #expect(thisBrowser.lowerBound < linkSection.lowerBound)
            #expect(page.text.contains("GitHub"))
            #expect(!page.text.contains("devices."), "no catalogue key shows as text")
            let form = try await browser.get("/link")
            #expect(!form.text.contains("link."), "no catalogue key shows as text")
        }
    }
}

/// The deck's wall clock, moved by hand.
final class WallClock: Sendable {
    private let instant: Mutex<Date>
    init(_ start: Date) { instant = Mutex(start) }
    var now: Date { instant.withLock { $0 } }
    func advance(seconds: TimeInterval) { instant.withLock { $0 = $0.addingTimeInterval(seconds) } }
    func advance(days: Int) { advance(seconds: TimeInterval(days) * 86_400) }
}
