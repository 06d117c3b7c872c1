import DeckTestSupport
import Foundation
import HTTPTypes
import Hummingbird
import Testing

/// What a page's first paint waits for (issue 47): on a first screen, its one stylesheet; on a
/// screen arriving from another of this origin's, also the two scripts its view transition needs.
@Suite("First paint")
struct FirstPaintTests {
    static let blocking = #"<script type="module" src="/assets/[0-9a-f]{12}/js/(navigation-bar|transitions)\.js" blocking="render">"#

    static func count(_ pattern: String, in text: String) -> Int {
        (try? Regex(pattern)).map { text.matches(of: $0).count } ?? -1
    }

    @Test("a first screen (typed, launched, linked from elsewhere) waits for no script and fetches only the shell's beside its stylesheet; a screen of this origin's navigation waits for two")
    func renderBlockingOnlyInApp() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            for site in ["none", "cross-site", "same-site"] {
                let page = try await browser.get("/habits", headers: [HTTPField.Name("Sec-Fetch-Site")!: site]).text
                #expect(Self.count(Self.blocking, in: page) == 0, "Sec-Fetch-Site: \(site)")
                #expect(Self.count("<script ", in: page) == 1, "only the shell's script is fetched with the stylesheet")
                let later = try #require(Browser.firstMatch(of: #"<script type="module" src="/assets/[0-9a-f]{12}/js/app\.js" data-after-paint="([^"]+)">"#, in: page))
                let names: [String] = later.split(separator: " ").map { String($0.split(separator: "/").last ?? "") }
                #expect(names == ["navigation-bar.js", "transitions.js", "habits.js", "reminders.js"], "the rest is imported by it, in order")
            }
            let inApp = try await browser.get("/habits", headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]).text
            #expect(Self.count(Self.blocking, in: inApp) == 2)
            #expect(Self.count(#"<script type="module" src="/assets/[0-9a-f]{12}/js/(app|habits|reminders)\.js">"#, in: inApp) == 3)
            #expect(!inApp.contains("data-after-paint"))
            let unsaid = try await browser.get("/habits").text
            #expect(Self.count(Self.blocking, in: unsaid) == 2, "a browser that does not say keeps today's behaviour")
        }
    }

    @Test("an app's page links one stylesheet, the shell's and the app's joined in that order, without comments")
    func oneStylesheet() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let page = try await browser.get("/habits").text
            #expect(Self.count(#"rel="stylesheet""#, in: page) == 1, "an empty list links no colours either")
            let href = try #require(Browser.firstMatch(of: #"href="(/assets/[0-9a-f]{12}/css/app\+habits\.css)""#, in: page))
            let joined = try await browser.get(href).text
            let shell = try await browser.get(href.replacingOccurrences(of: "app+habits.css", with: "app.css")).text
            let app = try await browser.get(href.replacingOccurrences(of: "app+habits.css", with: "habits.css")).text
            #expect(joined == shell + "\n" + app)
            #expect(!joined.contains("/*"), "comments are not served")
        }
    }
}
