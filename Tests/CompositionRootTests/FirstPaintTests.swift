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

    @Test("a first screen (typed, launched, linked from elsewhere) waits for no script; a screen of this origin's navigation does")
    func renderBlockingOnlyInApp() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            for site in ["none", "cross-site", "same-site"] {
                let page = try await browser.get("/cars", headers: [HTTPField.Name("Sec-Fetch-Site")!: site]).text
                #expect(Self.count(Self.blocking, in: page) == 0, "Sec-Fetch-Site: \(site)")
                #expect(page.contains(#"js/navigation-bar.js">"#) && page.contains(#"js/transitions.js">"#), "the scripts still load")
            }
            let inApp = try await browser.get("/cars", headers: [HTTPField.Name("Sec-Fetch-Site")!: "same-origin"]).text
            #expect(Self.count(Self.blocking, in: inApp) == 2)
            let unsaid = try await browser.get("/cars").text
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
