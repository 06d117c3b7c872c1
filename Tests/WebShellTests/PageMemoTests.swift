import CompressNIO
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

/// The memo's gzipped page (issue 47): the pieces compressed once and joined with each request's
/// token read back, through zlib (which checks the trailer's checksum and length), as the page a
/// fresh drawing gives.
@Suite("PageMemo, gzipped")
struct PageMemoGzipTests {
    static func gunzip(_ page: HTMLPage) throws -> String {
        var body = page.body
        return String(buffer: try body.decompress(with: .gzip()))
    }

    @Test("each request's gzipped page reads back as the page drawn for it, token and all")
    func sameAsDrawn() throws {
        let memo = PageMemo()
        for (language, token) in [(Language.en, "aaaa"), (.ru, "bbbb"), (.en, "t&<\"'>"), (.pl, ""), (.en, String(repeating: "x", count: 70_000))] {
            let request = PageMemoTests.page(language, token: token)
            let gzipped = memo.page(request, gzip: true) { PageMemoTests.draw($0) }
            #expect(gzipped.contentEncoding == "gzip")
            #expect(try Self.gunzip(gzipped) == PageMemoTests.text(PageMemoTests.draw(request)))
        }
    }

    @Test("a page that begins and ends with the token joins too")
    func tokenAtTheEdges() throws {
        let page = try GzipPieces(pieces: [[], Array("<p>between</p>".utf8), []])
        var joined = page.joined(with: Array("tok".utf8))
        #expect(String(buffer: try joined.decompress(with: .gzip())) == "tok<p>between</p>tok")
    }

    @Test("zlib checks what is joined: a wrong checksum in the trailer is refused")
    func trailerIsChecked() throws {
        let page = try GzipPieces(pieces: [Array("<p>one</p>".utf8), Array("<p>two</p>".utf8)])
        var joined = page.joined(with: Array("token".utf8))
        let crcIndex = joined.writerIndex - 8
        joined.setInteger(joined.getInteger(at: crcIndex, as: UInt8.self)! ^ 0xFF, at: crcIndex)
        #expect(throws: (any Error).self) { _ = try joined.decompress(with: .gzip()) }
    }

    @Test("without gzip, or for a page under the compression threshold, the page goes as it is")
    func plainWhenNotAsked() {
        let memo = PageMemo()
        let request = PageMemoTests.page(.en, token: "aaaa")
        #expect(memo.page(request) { PageMemoTests.draw($0) }.contentEncoding == nil)
        let small = memo.page(PageMemoTests.page(.ru, token: "b"), gzip: true) { _ in HTMLPage(body: .init(string: "<p>small</p>")) }
        #expect(small.contentEncoding == nil)
        #expect(PageMemoTests.text(small) == "<p>small</p>")
    }
}
