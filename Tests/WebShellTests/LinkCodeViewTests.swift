import Devices
import Foundation
import Localization
import Testing
@testable import WebShell

/// The code screen of issue 50: a Copy button and the minutes left, in every language's plural forms.
@Suite("Link code screen")
struct LinkCodeViewTests {
    static func page(_ language: Language) throws -> PageContext {
        PageContext(
            catalogue: Catalogues.shell[language], language: language, languageIsChosen: true, csrfToken: "token",
            assets: try AssetCatalog.load(from: [Shell.resources]))
    }

    static func render(_ language: Language, secondsLeft: Int) throws -> String {
        let code = try #require(LinkCode(typed: "K7F2-9QXM-4HJD"))
        let page = LinkCodeView(code: code, url: "http://x/link/0", secondsLeft: secondsLeft).page(try Self.page(language))
        return String(buffer: page.body)
    }

    @Test("the minutes left are whole minutes rounded up: the last seconds still say one")
    func minutesLeft() {
        #expect(LinkCodeView.minutesLeft(600) == 10)
        #expect(LinkCodeView.minutesLeft(599) == 10)
        #expect(LinkCodeView.minutesLeft(540) == 9)
        #expect(LinkCodeView.minutesLeft(1) == 1)
        #expect(LinkCodeView.minutesLeft(0) == 0)
        #expect(LinkCodeView.minutesLeft(-30) == 0)
    }

    @Test("Copy is a labelled button carrying the code; the code stays one selectable text")
    func copyButton() throws {
        let html = try Self.render(.en, secondsLeft: 600)
        #expect(html.contains(#"<button class="button link-code__copy" type="button" data-copy-code="K7F2-9QXM-4HJD" data-copied="Copied">Copy Code</button>"#))
        #expect(html.contains(#"role="status" data-copy-status"#))
        #expect(html.contains(">K7F2-9QXM-4HJD</output>"))
    }

    @Test("Expires in N minutes, with each plural form for the count-down", arguments: [
        (Language.en, 540, "Expires in 9 minutes"), (.en, 60, "Expires in 1 minute"),
        (.ru, 600, "Истекает через 10 минут"), (.ru, 120, "Истекает через 2 минуты"), (.ru, 60, "Истекает через 1 минуту"),
        (.pl, 600, "Wygasa za 10 minut"), (.pl, 180, "Wygasa za 3 minuty"), (.pl, 60, "Wygasa za 1 minutę"),
    ])
    func expires(_ language: Language, _ seconds: Int, _ expected: String) throws {
        let html = try Self.render(language, secondsLeft: seconds)
        #expect(html.contains(">\(expected)</p>"))
        #expect(html.contains(#"data-expires-in="\#(seconds)""#))
        #expect(html.contains(#"data-one=""#) && html.contains(#"data-few=""#) && html.contains(#"data-many=""#))
        #expect(html.contains("{count}"), "the forms carry their placeholder for the script")
        #expect(!html.contains("link.code."), "no catalogue key shows as text")
    }

    @Test("an expired code says so")
    func expired() throws {
        #expect(try Self.render(.en, secondsLeft: 0).contains(">This code has expired. Make a new one on the Devices screen.</p>"))
    }
}
