import Foundation
@testable import GitHubWeb
import SafeMarkdown
import Testing

/// Issue 21: the rendered-README cache is bounded by bytes, not by count.
@Suite("RenderedReadmes: a cache bounded by bytes")
struct RenderedReadmesByteBoundTests {
    static func readme(_ number: Int, kilobytes: Int) -> String {
        "# README \(number)\n\n" + String(repeating: "A sentence of about forty bytes, number \(number).\n", count: kilobytes * 1024 / 40)
    }

    @Test("many large READMEs keep at most the byte capacity; a small one is served from the cache")
    func boundedByBytes() async {
        let readmes = RenderedReadmes(capacityBytes: 1 << 20, entryBytes: 256 << 10)
        for number in 0..<40 {
            _ = await readmes.html(Self.readme(number, kilobytes: 100), links: ReadmeLinks())
            #expect(readmes.keptBytes <= 1 << 20)
        }
        #expect(readmes.keptBytes > 512 << 10, "it keeps as much as fits")
        let small = await readmes.html("# Small", links: ReadmeLinks())
        #expect(await readmes.html("# Small", links: ReadmeLinks()) == small)
    }

    @Test("a README whose HTML is larger than one entry may be is rendered, not kept")
    func oversizedEntry() async {
        let readmes = RenderedReadmes(capacityBytes: 1 << 20, entryBytes: 64 << 10)
        let html = await readmes.html(Self.readme(1, kilobytes: 200), links: ReadmeLinks())
        #expect(html.markup.utf8.count > 64 << 10)
        #expect(readmes.keptBytes == 0)
    }
}
