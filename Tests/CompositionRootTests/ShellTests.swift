import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Hummingbird
import TestDoubles
import Testing

@Suite("Web shell")
struct ShellTests {
    @Test("home lists the deck's apps in their order, each a link to its app")
    func home() async throws {
        let tiles = try await DeckTests.apps().compactMap(\.tile).sorted { $0.order < $1.order }
        #expect(tiles.count > 1)
        try await TestDeck().run { client in
            var browser = Browser(client)
            let response = try await browser.get("/")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let page = response.text
            #expect(Browser.allMatches(of: #"data-app="([A-Za-z]+)""#, in: page) == tiles.map(\.id))
            #expect(Browser.allMatches(of: #"class="home__link" href="([^"]+)""#, in: page) == tiles.map(\.path))
            // Each icon carries its short home-screen name; the long one is the app's title inside (issue 37).
            #expect(page.contains(#"<span class="home__name">Stories</span>"#))
            #expect(!page.contains("Stories &amp; Gallery"))
        }
    }

    @Test("the device's time zone: reported on any page, validated, remembered, echoed to every app's pages", arguments: StoreKind.allCases)
    func timeZone(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            #expect(try await browser.get("/cars").text.contains(#"<html lang="en" data-time-zone="">"#))
            let unknown = try await browser.post("/device/time-zone", form: [("timeZone", "Mars/Olympus_Mons")])
            #expect(unknown.status == .unprocessableContent)
            #expect(try await browser.post("/device/time-zone", form: [("timeZone", "UTC")]).status == .noContent)
            for path in ["/", "/cars", "/habits", "/stories", "/github/sign-in"] {
                #expect(try await browser.get(path).text.contains(#"data-time-zone="UTC""#), "\(path)")
            }
            let cut = try await browser.post("/device/time-zone", form: [("timeZone", "Europe/Warsaw\u{0}junk")])
            #expect(cut.status == .unprocessableContent, "a NUL would make Foundation check a shorter name than the one stored")
            #expect(try await browser.get("/habits").text.contains(#"data-time-zone="UTC""#))
            let unsigned = try await browser.post("/device/time-zone", form: [("timeZone", "Pacific/Kiritimati")], csrf: false)
            #expect(unsigned.status == .forbidden)
            #expect(!(try await browser.get("/habits").text.contains(#"data-shows-times"#)), "an empty list shows no day (issue 47)")
            _ = try await browser.post("/habits", form: [("name", "Read"), ("color", "#ff2d55"), ("time", "07:30")])
            #expect(try await browser.get("/habits").text.contains(#"data-shows-times"#), "MyHabits' today is a day in the zone")
            #expect(!(try await browser.get("/cars").text.contains(#"data-shows-times"#)))
        }
    }

    @Test("a device that only ever opened GitHub sees GitHub's times in its own zone")
    func gitHubTimesInTheDeviceZone() async throws {
        let deck = try TestDeck()
        let resets = Date().addingTimeInterval(3600)
        @Sendable func time(in zone: String) -> String {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: zone)
            formatter.dateFormat = "h:mm a"
            return formatter.string(from: resets)
        }
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let signIn = try await browser.get("/github/sign-in")
            #expect(signIn.text.contains("data-shows-times"), "drawn before the zone is known, the page asks to be drawn again")
            #expect(try await browser.post("/device/time-zone", form: [("timeZone", "Pacific/Kiritimati")]).status == .noContent)
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            deck.github.update { $0.failure = .rateLimited(resetsAt: resets) }
            let limited = try await browser.get("/github").text
            #expect(limited.contains(time(in: "Pacific/Kiritimati")))
            #expect(!limited.contains(time(in: "UTC")))
        }
    }

    @Test("a first visit gets an HttpOnly, SameSite=Lax device cookie; a known device gets none")
    func deviceCookie() async throws {
        try await TestDeck().run { client in
            let first = try await client.execute(uri: "/", method: .get)
            let cookie = try #require(first.headers[.setCookie])
            // Issue 36: the session, the owner, the day, the MAC.
            #expect(cookie.range(of: #"^appdeck_device=[0-9a-f]{32}\.[0-9a-f]{32}\.[1-9][0-9]{0,6}\.[0-9a-f]{32};"#, options: .regularExpression) != nil)
            #expect(cookie.contains("HttpOnly"))
            #expect(cookie.contains("SameSite=Lax"))
            #expect(!cookie.contains("Secure"))
            let again = try await client.execute(uri: "/", method: .get, headers: [.cookie: String(cookie.split(separator: ";")[0])])
            #expect(again.headers[.setCookie] == nil)
            let proxied = try await client.execute(uri: "/", method: .get, headers: [HTTPField.Name("X-Forwarded-Proto")!: "https"])
            #expect(proxied.headers[.setCookie]?.contains("Secure") == true)
        }
    }

    @Test("every response carries the security headers, error pages included", arguments: ["/", "/cars", "/missing"])
    func securityHeaders(path: String) async throws {
        try await TestDeck().run { client in
            let response = try await client.execute(uri: path, method: .get)
            let csp = try #require(response.headers[.contentSecurityPolicy])
            #expect(csp.contains("script-src 'self'"))
            #expect(csp.contains("style-src 'self'"))
            #expect(!csp.contains("unsafe-inline"))
            #expect(csp.contains("frame-ancestors 'none'"))
            #expect(response.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")
            #expect(response.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            #expect(!response.text.contains("style=\""))
            #expect(!response.text.contains("<script>"))
        }
    }

    @Test("an unknown address gets a 404 page inside the shell, in the browser's language")
    func notFound() async throws {
        try await TestDeck().run { client in
            let response = try await client.execute(uri: "/no/such/page", method: .get, headers: [.acceptLanguage: "pl"])
            #expect(response.status == .notFound)
            #expect(response.text.contains(#"class="nav-bar""#))
            #expect(response.text.contains("Nie znaleziono"))
        }
    }

    @Test("a POST without a valid token gets 403 and changes nothing")
    func csrfRefusal() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let form = [("manufacturer", "Lada"), ("model", "Niva"), ("body", "suv")]
            let missing = try await browser.post("/cars", form: form, csrf: false)
            #expect(missing.status == .forbidden)
            #expect(missing.text.contains(#"class="nav-bar""#))
            let forged = try await browser.post("/cars", form: form + [("_csrf", String(repeating: "0", count: 64))], csrf: false)
            #expect(forged.status == .forbidden)

            var other = Browser(client)
            let othersToken = try await other.csrfToken()
            let borrowed = try await browser.post("/cars", form: form + [("_csrf", othersToken)], csrf: false)
            #expect(borrowed.status == .forbidden)

            let language = try await browser.post("/settings/language", form: [("language", "ru")], csrf: false)
            #expect(language.status == .forbidden)
            #expect(!(try await browser.get("/cars").text.contains("Niva")))
            #expect(try await browser.get("/").text.contains(#"<html lang="en" "#))
        }
    }

    @Test("a body over 64 KiB is refused with 413, declared or not")
    func bodyTooLarge() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let big = String(repeating: "x", count: 70 * 1024)
            let response = try await browser.post("/cars", form: [("manufacturer", big), ("model", "M"), ("body", "suv")])
            #expect(response.status == .contentTooLarge)
            #expect(response.text.contains(#"class="nav-bar""#))
            #expect(!(try await browser.get("/cars").text.contains(#"class="cell car""#)))
        }
    }

    @Test("the language follows Accept-Language until the device chooses; the choice is remembered per device")
    func languageSwitch() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "ru-RU,ru;q=0.9")
            #expect(try await browser.get("/").text.contains(#"<html lang="ru" "#))
            let switched = try await browser.post("/settings/language", form: [("language", "pl"), ("returnTo", "/cars")])
            #expect(switched.status == .seeOther)
            #expect(switched.headers[.location] == "/cars")
            #expect(try await browser.get("/cars").text.contains(#"<html lang="pl" "#))

            var stranger = Browser(client, acceptLanguage: "ru")
            #expect(try await stranger.get("/").text.contains(#"<html lang="ru" "#))

            _ = try await browser.post("/settings/language", form: [("language", "auto")])
            #expect(try await browser.get("/").text.contains(#"<html lang="ru" "#))
            _ = try await browser.post("/settings/language", form: [("language", "en")])
            #expect(try await browser.get("/").text.contains(#"<html lang="en" "#))
        }
    }

    @Test("the language switch only redirects to local paths")
    func safeRedirect() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            // Browsers drop tabs and line breaks from URLs, so "/\t/evil.example" would become "//evil.example".
            for target in ["//evil.example/", "https://evil.example/", "/\\evil", "/\t/evil.example", "/\n/evil.example", "/\r//evil"] {
                let response = try await browser.post("/settings/language", form: [("language", "en"), ("returnTo", target)])
                #expect(response.headers[.location] == "/")
            }
            let local = try await browser.post("/settings/language", form: [("language", "en"), ("returnTo", "/cars?body=suv")])
            #expect(local.headers[.location] == "/cars?body=suv")
        }
    }

    @Test("assets are versioned, strongly tagged, long-cached and answer If-None-Match with 304")
    func assets() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let page = try await browser.get("/").text
            let css = try #require(Browser.firstMatch(of: #"href="(/assets/[0-9a-f]{12}/css/app\.css)""#, in: page))
            let response = try await browser.get(css)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/css; charset=utf-8")
            #expect(response.headers[.cacheControl] == "public, max-age=31536000, immutable")
            let etag = try #require(response.headers[.eTag])
            #expect(etag.hasPrefix("\"") && !etag.hasPrefix("W/"))
            let revalidated = try await browser.get(css, headers: [.ifNoneMatch: etag])
            #expect(revalidated.status == .notModified)
            #expect(revalidated.body.readableBytes == 0)
            #expect(try await browser.get("/assets/000000000000/css/app.css").status == .notFound)
            let anonymous = try await client.execute(uri: css, method: .get)
            #expect(anonymous.headers[.setCookie] == nil, "static files stay cookie-free, so caches can share them")
        }
    }

    @Test("the manifest makes AppDeck installable")
    func manifest() async throws {
        try await TestDeck().run { client in
            let response = try await client.execute(uri: "/manifest.webmanifest", method: .get)
            #expect(response.headers[.contentType] == "application/manifest+json")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(buffer: response.body)) as? [String: Any])
            #expect(json["display"] as? String == "standalone")
            #expect(json["start_url"] as? String == "/")
            let icons = try #require(json["icons"] as? [[String: String]])
            #expect(Set(icons.compactMap { $0["sizes"] }) == ["any", "192x192", "512x512"])
            for icon in icons {
                let image = try await client.execute(uri: icon["src"]!, method: .get)
                #expect(image.status == .ok)
                #expect(image.headers[.contentType] == icon["type"])
            }
            let png = try await client.execute(uri: icons.first { $0["sizes"] == "512x512" }!["src"]!, method: .get)
            #expect(Array(png.body.readableBytesView.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
            #expect(try await client.execute(uri: "/apple-touch-icon.png", method: .get).status == .ok)
        }
    }

    @Test("healthz answers plain ok")
    func healthz() async throws {
        try await TestDeck().run { client in
            let response = try await client.execute(uri: "/healthz", method: .get)
            #expect(response.status == .ok)
            #expect(response.text == "ok")
            #expect(response.headers[.setCookie] == nil)
        }
    }
}

/// Issue 24: the service worker and the offline screens the shell serves.
@Suite("Offline: the service worker and offline screens")
struct OfflineRoutesTests {
    @Test("/sw.js names the assets' version, every asset URL and each app's start path; never cached by a proxy")
    func worker() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let home = try await browser.get("/").text
            let worker = try await browser.get("/sw.js")
            #expect(worker.status == .ok)
            #expect(worker.headers[.contentType] == "text/javascript; charset=utf-8")
            #expect(worker.headers[.cacheControl] == "no-cache")
            let script = worker.text
            for asset in Browser.allMatches(of: #"(/assets/[0-9a-f]+/[a-z]+/[A-Za-z0-9._-]+)"#, in: home) {
                #expect(script.contains("\"\(asset.replacingOccurrences(of: "/", with: "\\/"))\"") || script.contains("\"\(asset)\""), "\(asset)")
            }
            for app in ["/cars", "/habits", "/stories", "/photos", "/github"] {
                #expect(script.contains(app))
            }
            #expect(!script.contains("outbox-path-placeholder"))
            let again = try await browser.get("/sw.js", headers: [.ifNoneMatch: try #require(worker.headers[.eTag])])
            #expect(again.status == .notModified)
        }
    }

    @Test("an app's offline screen: its name in the navigation bar, the way home, in the device's language", arguments: [
        ("en", "MyHabits", "You&#39;re Offline"), ("ru", "MyHabits", "Нет подключения"),
    ])
    func offlineScreen(language: String, name: String, title: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: language)
            let page = try await browser.get("/offline?app=%2Fhabits")
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<h1 class="nav-bar__title">\#(name)</h1>"#))
            #expect(page.text.contains(title))
            #expect(page.text.contains(#"href="/""#))
            #expect(page.text.contains(#"class="offline-bar""#))
        }
    }
}
