import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Photos
import Testing

@Suite("The fallback drawn locally (PH-4)")
struct PlaceholderImageTests {
    @Test("size and colour come from the URL", arguments: [
        ("https://via.placeholder.com/150/92c952", 150, 150, "#92c952"),
        ("https://via.placeholder.com/600/771796", 600, 600, "#771796"),
        ("https://via.placeholder.com/150/fff", 150, 150, "#ffffff"),
        ("https://via.placeholder.com/150/1A3", 150, 150, "#11aa33"),
        ("https://via.placeholder.com/300x200/000000", 300, 200, "#000000"),
        ("https://via.placeholder.com/150/92c952.png", 150, 150, "#92c952"),
        ("http://127.0.0.1:9999/150/d32776", 150, 150, "#d32776"),
    ])
    func parses(url: String, width: Int, height: Int, background: String) {
        let image = PlaceholderImage(url: url)
        #expect(image.width == width)
        #expect(image.height == height)
        #expect(image.background.hex == background)
        #expect(image.label == "\(width)×\(height)")
    }

    @Test("URLs that say nothing usable give a neutral grey square", arguments: [
        "", "not a url", "https://via.placeholder.com/", "https://via.placeholder.com/abc/92c952",
        "https://via.placeholder.com/0/92c952", "https://via.placeholder.com/99999/92c952",
        "https://via.placeholder.com/-150/92c952", "https://via.placeholder.com/１５０/92c952",
    ])
    func unparseable(url: String) {
        let image = PlaceholderImage(url: url)
        #expect(image.width == 150 && image.height == 150)
        #expect(image.background == .neutralGrey)
    }

    @Test("a valid size with a bad colour keeps the size in grey", arguments: [
        "https://via.placeholder.com/150/zzzzzz", "https://via.placeholder.com/150/92c95",
        "https://via.placeholder.com/150", "https://via.placeholder.com/150/92c9522",
    ])
    func badColour(url: String) {
        let image = PlaceholderImage(url: url)
        #expect(image.width == 150)
        #expect(image.background == .neutralGrey)
    }

    @Test("the text contrasts with the background; an explicit text colour is honoured")
    func textColour() {
        #expect(PlaceholderImage(url: "https://via.placeholder.com/150/ffffff").foreground == .black)
        #expect(PlaceholderImage(url: "https://via.placeholder.com/150/000000").foreground == .white)
        #expect(PlaceholderImage(url: "https://via.placeholder.com/150/92c952").foreground == .black)
        #expect(PlaceholderImage(url: "https://via.placeholder.com/150/24f355").foreground == .black)
        #expect(PlaceholderImage(url: "https://via.placeholder.com/150/1e3a8a").foreground == .white)
        #expect(PlaceholderImage(url: "https://via.placeholder.com/150/000/f00").foreground.hex == "#ff0000")
    }

    @Test("the SVG is well-formed, sized, coloured, labelled and has no script", arguments: [
        "https://via.placeholder.com/150/92c952", "https://via.placeholder.com/600/fff", "garbage",
        "https://via.placeholder.com/320x100/000",
    ])
    func svgIsWellFormed(url: String) throws {
        let image = PlaceholderImage(url: url)
        let thumbnail = image.thumbnail
        #expect(thumbnail.isFallback)
        #expect(thumbnail.contentType == "image/svg+xml")
        let document = try #require(SVGDocument(Data(thumbnail.bytes)))
        #expect(document.root == "svg")
        let svg = try #require(document.attributes["svg"])
        #expect(svg["width"] == "\(image.width)")
        #expect(svg["height"] == "\(image.height)")
        #expect(svg["viewBox"] == "0 0 \(image.width) \(image.height)")
        #expect(svg["xmlns"] == "http://www.w3.org/2000/svg")
        #expect(document.attributes["rect"]?["fill"] == image.background.hex)
        #expect(document.attributes["text"]?["fill"] == image.foreground.hex)
        #expect(document.text == image.label)
        #expect(!document.elements.contains { $0.lowercased() == "script" || $0.lowercased() == "foreignobject" })
        #expect(!document.attributes.values.contains { $0.keys.contains { $0.lowercased().hasPrefix("on") || $0.contains("href") } })
    }

    @Test("the ETag is strong and follows the bytes")
    func etag() {
        let a = PlaceholderImage(url: "https://via.placeholder.com/150/92c952").thumbnail
        let b = PlaceholderImage(url: "https://via.placeholder.com/150/92c953").thumbnail
        #expect(a.etag == PlaceholderImage(url: "https://via.placeholder.com/150/92c952").thumbnail.etag)
        #expect(a.etag != b.etag)
        #expect(a.etag.hasPrefix("\"") && a.etag.hasSuffix("\"") && a.etag.count == 18)
        #expect(!a.etag.hasPrefix("W/"))
        #expect(Thumbnail(bytes: [1, 2], contentType: "image/png").etag != Thumbnail(bytes: [1, 3], contentType: "image/png").etag)
    }
}

/// What XMLParser saw of an SVG document; nil when it is not well-formed.
private final class SVGDocument: NSObject, XMLParserDelegate {
    var root: String?
    var elements: [String] = []
    var attributes: [String: [String: String]] = [:]
    var text = ""
    private var inText = false

    init?(_ data: Data) {
        super.init()
        let parser = XMLParser(data: data)
        parser.delegate = self
        guard parser.parse() else { return nil }
    }

    func parser(
        _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
        attributes: [String: String] = [:]
    ) {
        if root == nil { root = name }
        elements.append(name)
        self.attributes[name] = attributes
        inText = name == "text"
    }

    func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
        if name == "text" { inText = false }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if inText { text += string }
    }
}
