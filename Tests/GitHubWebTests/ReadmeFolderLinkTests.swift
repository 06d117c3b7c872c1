import DeckTestSupport
import Foundation
import GitHub
import TestDoubles
import Testing

/// A README's relative links on the detail page open folders under `tree/` when GitHub's git
/// trees API names them, files under `blob/` (GH-3, issue 22).
@Suite("README folder links on the detail page")
struct ReadmeFolderLinkTests {
    @Test(arguments: StoreKind.allCases)
    func foldersOpenUnderTree(stores: StoreKind) async throws {
        let deck = try TestDeck(stores)
        deck.github.update {
            $0.readmes["octo/hello"] = Readme(
                text: "[Docs](docs) [Guide](docs/guide.md) [Examples](examples/) [Other](other)",
                path: "README.md", htmlURL: nil, downloadURL: nil)
        }
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            let page = try await browser.get("/github/repositories/100").text
            #expect(page.contains(#"<a href="https://github.com/octo/hello/tree/main/docs" rel="nofollow noopener noreferrer">Docs</a>"#))
            #expect(page.contains(#"<a href="https://github.com/octo/hello/blob/main/docs/guide.md" rel="nofollow noopener noreferrer">Guide</a>"#))
            #expect(page.contains(#"<a href="https://github.com/octo/hello/tree/main/examples/" rel="nofollow noopener noreferrer">Examples</a>"#))
            #expect(page.contains(#"<a href="https://github.com/octo/hello/blob/main/other" rel="nofollow noopener noreferrer">Other</a>"#))
            #expect(deck.github.calls.contains("tree(octo/hello@main)"))
        }
    }
}
