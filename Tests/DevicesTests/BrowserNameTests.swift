import Devices
import Testing

@Suite("BrowserName: what a User-Agent says a browser is (issue 36)")
struct BrowserNameTests {
    @Test("real agents read as the product and system a person knows", arguments: [
        ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
         "Chrome on Android"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
         "Safari on iPhone"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0", "Firefox on Windows"),
        ("Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0",
         "Edge on Windows"),
        ("Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/131.0 Mobile/15E148 Safari/604.1",
         "Chrome on iPad"),
        ("Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/133.0 Mobile/15E148 Safari/605.1.15",
         "Firefox on iPhone"),
        ("Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
         "Safari on macOS"),
        ("Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/26.0 Chrome/122.0.0.0 Mobile Safari/537.36",
         "Samsung Internet on Android"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 OPR/115.0.0.0",
         "Opera on Linux"),
        ("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36", "Chrome on Linux"),
        ("Mozilla/5.0 (X11; CrOS x86_64 14541.0.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36", "Chrome on ChromeOS"),
    ])
    func known(_ agent: String, _ expected: String) {
        #expect(BrowserName(userAgent: agent).description == expected)
    }

    @Test("no agent, a tool's agent or junk is an unknown browser, and never more than the header says")
    func unknown() {
        #expect(BrowserName(userAgent: nil) == BrowserName(browser: nil, system: nil))
        #expect(BrowserName(userAgent: "curl/8.5.0").description == "A browser")
        #expect(BrowserName(userAgent: "python-requests/2.31 (Windows)").description == "A browser on Windows")
        #expect(BrowserName(userAgent: String(repeating: "x", count: 100_000) + "Firefox/1").browser == nil, "read only 1,024 characters")
    }

    @Test("the stored form reads back; anything else stored is unknown, not echoed")
    func stored() {
        let name = BrowserName(browser: "Chrome", system: "Android")
        #expect(name.stored == "Chrome/Android")
        #expect(BrowserName(stored: name.stored) == name)
        #expect(BrowserName(stored: "Firefox/") == BrowserName(browser: "Firefox", system: nil))
        #expect(BrowserName(stored: "<script>/Windows") == BrowserName(browser: nil, system: "Windows"))
        #expect(BrowserName(stored: "") == BrowserName(browser: nil, system: nil))
    }
}
