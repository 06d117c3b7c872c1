import Caching
import DeckTestSupport
import Foundation
import GitHub
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TestDoubles
import Testing
import Upstream

/// `/github/readme-images/<signature>?url=…`, the signed README image proxy (GH-3, issue 22), at
/// the router: the page's images point at it, only the server's signatures are served, SVG comes
/// with a sandbox policy, failures carry a drawn SVG placeholder (the page's script turns them into
/// placeholders with the description).
@Suite("README image proxy route")
struct ReadmeImageRouteTests {
    static let readme = """
        # Hello

        ![Badge](https://img.example/badge.png) ![Licence](https://img.example/licence.svg)

        ![Shot](docs/shot.png)

        ![Broken](https://img.example/missing.png) ![Old](ftp://img.example/a.png)
        """

    func deck(_ fetcher: FakeReadmeImageFetcher) throws -> TestDeck {
        var deck = try TestDeck(.sqlite)
        deck.readmeImages = ReadmeImages(fetcher: fetcher, diskCache: FakeDiskCache())
        deck.github.update {
            $0.readmes["octo/hello"] = Readme(
                text: Self.readme, path: "README.md", htmlURL: nil,
                downloadURL: URL(string: "https://raw.example/octo/hello/main/README.md?token=abc"))
        }
        return deck
    }

    func fetcher() -> FakeReadmeImageFetcher {
        FakeReadmeImageFetcher([
            "https://img.example/badge.png": .success(FetchedImage(bytes: SampleImages.png(width: 90, height: 20), contentType: "image/png")),
            "https://img.example/licence.svg": .success(FetchedImage(bytes: SampleImages.svg, contentType: "image/svg+xml")),
            "https://raw.example/octo/hello/main/docs/shot.png":
                .success(FetchedImage(bytes: SampleImages.png(width: 320, height: 200), contentType: "image/png")),
        ])
    }

    /// The README's image addresses, in order.
    func imageSources(_ page: String) -> [String] {
        Browser.allMatches(of: #"<img src="([^"]+)""#, in: page)
    }

    @Test("the page's images are signed same-origin addresses; relative ones resolve against the README's raw folder")
    func pageAddresses() async throws {
        let fetcher = fetcher()
        try await deck(fetcher).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            let page = try await browser.get("/github/repositories/100")
            #expect(page.status == .ok)
            let sources = imageSources(page.text)
            #expect(sources.count == 4)
            #expect(sources.allSatisfy { $0.hasPrefix("/github/readme-images/") })
            #expect(sources[2].hasSuffix("?url=https://raw.example/octo/hello/main/docs/shot.png"))
            // ftp is no image address: a placeholder, nothing to sign.
            #expect(page.text.contains(#"aria-label="Image: Old""#))
            #expect(!page.text.contains("img.example/a.png"))
            // The page may load images from its own origin only.
            let csp = try #require(page.headers[.contentSecurityPolicy])
            #expect(csp.contains("img-src 'self';"))
            #expect(fetcher.fetches.count == 0)  // the page fetches nothing; the browser asks the proxy
        }
    }

    @Test("a signed image is served with its type and ETag, once fetched; SVG with a sandbox policy; 304 when unchanged")
    func served() async throws {
        let fetcher = fetcher()
        try await deck(fetcher).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            let sources = imageSources(try await browser.get("/github/repositories/100").text)

            let png = try await browser.get(sources[0])
            #expect(png.status == .ok)
            #expect(png.headers[.contentType] == "image/png")
            #expect(Array(png.body.readableBytesView) == SampleImages.png(width: 90, height: 20))
            let etag = try #require(png.headers[.eTag])
            #expect(try await browser.get(sources[0], headers: [.ifNoneMatch: etag]).status == .notModified)

            let svg = try await browser.get(sources[1])
            #expect(svg.status == .ok)
            #expect(svg.headers[.contentType] == "image/svg+xml")
            let policy = try #require(svg.headers[.contentSecurityPolicy])
            #expect(policy.contains("sandbox"))
            #expect(policy.contains("default-src 'none'"))
            #expect(svg.headers[HTTPField.Name("X-Content-Type-Options")!] == "nosniff")

            #expect(try await browser.get(sources[2]).status == .ok)
            #expect(fetcher.fetches.count == 3)  // the 304 and nothing else fetched again
        }
    }

    @Test("a signature that does not match is refused with 403 and nothing is fetched")
    func forged() async throws {
        let fetcher = fetcher()
        try await deck(fetcher).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            let sources = imageSources(try await browser.get("/github/repositories/100").text)
            let signature = try #require(Browser.firstMatch(of: #"/github/readme-images/([0-9a-f]+)\?"#, in: sources[0]))
            let flipped = (signature.first == "0" ? "1" : "0") + signature.dropFirst()
            let attempts = [
                sources[0].replacingOccurrences(of: signature, with: flipped),
                // A real signature on another target: the open proxy the signature prevents.
                "/github/readme-images/\(signature)?url=http://169.254.169.254/latest/meta-data/",
                "/github/readme-images/\(signature)",
                "/github/readme-images/\(signature.prefix(31))?url=https://img.example/badge.png",
                "/github/readme-images/?url=https://img.example/badge.png",
                "/github/readme-images/\(String(repeating: "a", count: 5000))?url=https://img.example/badge.png",
            ]
            for attempt in attempts {
                let answer = try await browser.get(attempt)
                #expect((400..<500).contains(answer.status.code), "\(attempt): \(answer.status)")
            }
            #expect(fetcher.fetches.count == 0)
        }
    }

    @Test("an image the host does not give is a 502 nothing keeps, with the drawn placeholder as an SVG in a sandbox")
    func broken() async throws {
        let fetcher = fetcher()
        try await deck(fetcher).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/github/sign-in", form: [("token", FakeGitHub.token)])
            let page = try await browser.get("/github/repositories/100").text
            let broken = try await browser.get(imageSources(page)[3])
            #expect(broken.status == .badGateway)
            #expect(broken.headers[.cacheControl] == "no-store")
            #expect(broken.headers[.contentType] == "image/svg+xml")
            let policy = broken.headers[.contentSecurityPolicy] ?? ""
            #expect(policy.contains("sandbox") && policy.contains("default-src 'none'"))
            let body = broken.text
            #expect(body.hasPrefix(#"<svg xmlns="http://www.w3.org/2000/svg" width="96" height="72""#) && body.hasSuffix("</svg>"))
            #expect(!body.contains("<script") && !body.contains("href"))
            #expect(page.contains(#"data-image-label="Image""#))
        }
    }
}
