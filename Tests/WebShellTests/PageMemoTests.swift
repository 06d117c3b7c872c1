import Localization
import Testing
@testable import WebShell

/// A page drawn once and written with each request's token (issue 47): byte for byte the page a
/// fresh drawing gives, for every language, zone, arrival and token.
@Suite("PageMemo")
struct PageMemoTests {
    static let assets = try! AssetCatalog.load(from: [Shell.resources])

    static func page(_ language: Language, token: String, zone: String? = nil, sameOrigin: Bool = true) -> PageContext {
        PageContext(catalogue: Catalogues.shell[language], language: language, languageIsChosen: language != .en,
                    csrfToken: token, assets: assets, reportedTimeZone: zone, arrivesFromSameOrigin: sameOrigin)
    }

    /// A screen with two forms (so two tokens), the zone and the language in it.
    static func draw(_ page: PageContext) -> HTMLPage {
        Document(title: page.t("shell.app.name")).page(page) {
            HTML.form(.attr("method", "post"), .attr("action", "/a")) { CSRFInput.html(page) }
            LanguageSwitcher.html(page, returnTo: "/")
        }
    }

    static func text(_ page: HTMLPage) -> String { String(buffer: page.body) }

    @Test("each request's page is the one a fresh drawing gives, with its own token in every form")
    func sameAsDrawn() {
        let memo = PageMemo()
        var drawings = 0
        let requests = [
            Self.page(.en, token: "aaaa"), Self.page(.en, token: "bbbb"), Self.page(.ru, token: "cccc", zone: "Europe/Moscow"),
            Self.page(.ru, token: "dddd", zone: "Asia/Tokyo"), Self.page(.pl, token: "eeee", sameOrigin: false),
            Self.page(.en, token: "ffff"),
        ]
        for request in requests {
            let kept = memo.page(request) { drawings += 1; return Self.draw($0) }
            let fresh = Self.text(Self.draw(request))
            #expect(Self.text(kept) == fresh)
            #expect(fresh.components(separatedBy: "value=\"\(request.csrfToken)\"").count == 3, "two forms carry the token")
        }
        #expect(drawings == 4, "one drawing per language, zone and arrival; the tokens alone draw nothing")
    }

    @Test("a full memo starts again rather than grow")
    func bounded() {
        let memo = PageMemo(capacity: 2)
        var drawings = 0
        for zone in ["Europe/Warsaw", "Asia/Tokyo", "America/Lima", "Europe/Warsaw"] {
            _ = memo.page(Self.page(.pl, token: "t", zone: zone)) { drawings += 1; return Self.draw($0) }
        }
        #expect(drawings == 4)
    }
}
