import Caching
import Foundation
import GitHub
import Synchronization
import TestDoubles
import Testing
import Upstream

/// The README image pipeline (GH-3, issue 22): rules, caches, coalescing, breaker, failures kept briefly.
@Suite("README images")
struct ReadmeImagesTests {
    let badge = URL(string: "https://img.shields.io/badge/build-passing-green.png")!

    /// Monotonic and wall time a test moves by hand.
    final class Clock: Sendable {
        private let elapsed = Mutex(Duration.zero)
        var now: Duration { elapsed.withLock { $0 } }
        var date: Date { Date(timeIntervalSince1970: 1_764_000_000 + Double(now.components.seconds)) }
        func advance(_ by: Duration) { elapsed.withLock { $0 += by } }
    }

    func pipeline(
        _ fetcher: FakeReadmeImageFetcher, disk: FakeDiskCache = FakeDiskCache(), clock: Clock = Clock(),
        configuration: ReadmeImages.Configuration = .init()
    ) -> ReadmeImages {
        ReadmeImages(fetcher: fetcher, diskCache: disk, configuration: configuration, now: { clock.now }, wallClock: { clock.date })
    }

    func png(_ width: Int = 90, _ height: Int = 20, padding: Int = 0) -> Result<FetchedImage, UpstreamFailure> {
        .success(FetchedImage(bytes: SampleImages.png(width: width, height: height, padding: padding), contentType: "image/png"))
    }

    @Test("an image is fetched once, then served from memory without fetching again")
    func cached() async throws {
        let fetcher = FakeReadmeImageFetcher([badge.absoluteString: png()])
        let images = pipeline(fetcher)
        let first = try await images.image(at: badge).get()
        #expect(first.contentType == "image/png")
        let second = try await images.image(at: badge).get()
        #expect(second == first)
        #expect(fetcher.fetches.count == 1)
        #expect(images.statistics.memoryHits == 1)
    }

    @Test("a restart serves the image from disk without fetching; once it is an hour old it is fetched again")
    func disk() async throws {
        let disk = FakeDiskCache()
        let clock = Clock()
        let fetcher = FakeReadmeImageFetcher([badge.absoluteString: png()])
        _ = try await pipeline(fetcher, disk: disk, clock: clock).image(at: badge).get()
        #expect(disk.writes.count == 1)

        let restarted = pipeline(fetcher, disk: disk, clock: clock)
        _ = try await restarted.image(at: badge).get()
        #expect(fetcher.fetches.count == 1)
        #expect(restarted.statistics.diskHits == 1)

        clock.advance(.seconds(3601))
        _ = try await pipeline(fetcher, disk: disk, clock: clock).image(at: badge).get()
        #expect(fetcher.fetches.count == 2)
    }

    @Test("50 concurrent requests for one image fetch it once")
    func coalesced() async throws {
        let gate = Gate()
        let fetcher = FakeReadmeImageFetcher([badge.absoluteString: png()], gate: gate)
        let images = pipeline(fetcher)
        let url = badge
        try await withThrowingTaskGroup(of: ReadmeImage.self) { group in
            for _ in 0..<50 {
                group.addTask { try await images.image(at: url).get() }
            }
            await eventually { await images.waitingRequests(for: url) == 50 }
            gate.open()
            var count = 0
            for try await image in group {
                #expect(image.contentType == "image/png")
                count += 1
            }
            #expect(count == 50)
        }
        #expect(fetcher.fetches.count == 1)
    }

    @Test("only http and https are fetched")
    func schemes() async {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher)
        for address in ["ftp://example.com/a.png", "file:///etc/passwd", "gopher://example.com/a.png", "data:image/png;base64,AAAA"] {
            let result = await images.image(at: URL(string: address)!)
            #expect(result == .failure(.rejected(.hostNotAllowed)), "\(address)")
        }
        #expect(fetcher.fetches.count == 0)
    }

    @Test("media types outside png, jpeg, gif, webp, avif and svg are refused; svg needs no pixel header")
    func mediaTypes() async throws {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher)
        let bytes = SampleImages.png(width: 10, height: 10)
        for (index, type) in ["text/html", "image/bmp", "image/tiff", "application/octet-stream", "image/x-icon", "text/xml"].enumerated() {
            let url = URL(string: "https://example.com/\(index)")!
            fetcher.set(url.absoluteString, .success(FetchedImage(bytes: bytes, contentType: type)))
            #expect(await images.image(at: url) == .failure(.rejected(.notAnImage)), "\(type)")
        }
        let svg = URL(string: "https://example.com/badge.svg")!
        fetcher.set(svg.absoluteString, .success(FetchedImage(bytes: SampleImages.svg, contentType: "image/svg+xml; charset=utf-8")))
        let served = try await images.image(at: svg).get()
        #expect(served.contentType == "image/svg+xml" && served.isSVG)
        let png = URL(string: "https://example.com/ok.png")!
        fetcher.set(png.absoluteString, .success(FetchedImage(bytes: bytes, contentType: "Image/PNG")))
        #expect(try await images.image(at: png).get().contentType == "image/png")
    }

    @Test("over the byte cap and over the pixel cap are refused")
    func caps() async {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher, configuration: .init(maximumImageBytes: 10_000, maximumPixels: 4_000_000, maximumSide: 8_000))
        let heavy = URL(string: "https://example.com/heavy.png")!
        fetcher.set(heavy.absoluteString, png(100, 100, padding: 20_000))
        #expect(await images.image(at: heavy) == .failure(.rejected(.tooLarge)))
        let bomb = URL(string: "https://example.com/bomb.png")!
        fetcher.set(bomb.absoluteString, png(4_000, 4_000))  // 16 MP in 33 bytes
        #expect(await images.image(at: bomb) == .failure(.rejected(.tooLarge)))
        let tall = URL(string: "https://example.com/tall.png")!
        fetcher.set(tall.absoluteString, png(10, 9_000))
        #expect(await images.image(at: tall) == .failure(.rejected(.tooLarge)))
        let garbage = URL(string: "https://example.com/garbage.png")!
        fetcher.set(garbage.absoluteString, .success(FetchedImage(bytes: Array("<html>".utf8), contentType: "image/png")))
        #expect(await images.image(at: garbage) == .failure(.rejected(.notAnImage)))
    }

    @Test("a failure is answered from memory for a minute, then the host is asked again")
    func failuresKeptBriefly() async throws {
        let clock = Clock()
        let fetcher = FakeReadmeImageFetcher()
        let disk = FakeDiskCache()
        let images = pipeline(fetcher, disk: disk, clock: clock)
        #expect(await images.image(at: badge) == .failure(.notFound))
        #expect(await images.image(at: badge) == .failure(.notFound))
        #expect(fetcher.fetches.count == 1)
        #expect(disk.writes.count == 0)
        clock.advance(.seconds(61))
        fetcher.set(badge.absoluteString, png())
        _ = try await images.image(at: badge).get()
        #expect(fetcher.fetches.count == 2)
    }

    @Test("a host that keeps failing opens its breaker: further images from it fail fast")
    func breaker() async {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher, configuration: .init(breakerThreshold: 2))
        for index in 0..<2 {
            let url = URL(string: "https://dead.example/\(index).png")!
            fetcher.set(url.absoluteString, .failure(.offline))
            #expect(await images.image(at: url) == .failure(.offline))
        }
        let third = URL(string: "https://dead.example/2.png")!
        fetcher.set(third.absoluteString, png())
        #expect(await images.image(at: third) == .failure(.offline))
        #expect(fetcher.fetches.count == 2)
    }

    /// Issue 33, item 5: three refused fetches to `host:1` (any signed README can name one) made
    /// every image on `host` answer 502 for everyone for 30 s, with no fetch made.
    @Test("the breaker is kept by origin: refusals at host:1 fail fast there, and never close host's other ports or schemes")
    func breakerByOrigin() async throws {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher)  // the default threshold: 3
        for index in 0..<3 {
            let url = URL(string: "http://img.example:1/\(index).png")!
            fetcher.set(url.absoluteString, .failure(.offline))
            #expect(await images.image(at: url) == .failure(.offline))
        }
        #expect(images.breaker.state(for: "http://img.example:1") != .closed(consecutiveFailures: 0))
        let https = URL(string: "https://img.example/badge.png")!
        let http = URL(string: "http://IMG.example:80/badge.png")!
        fetcher.set(https.absoluteString, png())
        fetcher.set(http.absoluteString, png())
        #expect(try await images.image(at: https).get().contentType == "image/png")
        #expect(try await images.image(at: http).get().contentType == "image/png")
        let fourth = URL(string: "http://img.example:1/3.png")!
        fetcher.set(fourth.absoluteString, png())
        #expect(await images.image(at: fourth) == .failure(.offline), "the failing origin itself fails fast")
        #expect(fetcher.fetches.count == 5)
    }

    @Test("our own refusals and a live host's answers never count against it", arguments: [
        // A URL or redirect target our policy refuses before asking (not public, not http(s)).
        UpstreamFault(.rejected(.hostNotAllowed), origin: nil),
        // A redirect to file: or gopher:, never followed: the host answered.
        UpstreamFault(.rejected(.hostNotAllowed), origin: "https://img.example:443"),
        // A redirect loop, a 403: answers of a live host.
        UpstreamFault(.server(status: 302), origin: "https://img.example:443"),
        UpstreamFault(.server(status: 403), origin: "https://img.example:443"),
        // Answers we refuse: not an image, too large.
        UpstreamFault(.rejected(.notAnImage), origin: "https://img.example:443"),
        UpstreamFault(.rejected(.tooLarge), origin: "https://img.example:443"),
    ])
    func refusalsDoNotCount(fault: UpstreamFault) async throws {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher, configuration: .init(breakerThreshold: 2))
        for index in 0..<5 {
            let url = URL(string: "https://img.example/refused-\(index)")!
            fetcher.setFault(url.absoluteString, fault)
            #expect(await images.image(at: url) == .failure(fault.failure))
        }
        #expect(images.breaker.state(for: "https://img.example:443") == .closed(consecutiveFailures: 0))
        let good = URL(string: "https://img.example/badge.png")!
        fetcher.set(good.absoluteString, png())
        #expect(try await images.image(at: good).get().contentType == "image/png")
    }

    @Test("a failure after a redirect is held against the origin redirected to, not the one that redirected")
    func failureAfterRedirect() async throws {
        let fetcher = FakeReadmeImageFetcher()
        let images = pipeline(fetcher, configuration: .init(breakerThreshold: 2))
        for index in 0..<3 {
            let url = URL(string: "https://img.example/moved-\(index).png")!
            fetcher.setFault(url.absoluteString, UpstreamFault(.timedOut, origin: "https://cdn.example:443"))
            #expect(await images.image(at: url) == .failure(.timedOut))
        }
        #expect(images.breaker.state(for: "https://img.example:443") == .closed(consecutiveFailures: 0))
        if case .open = images.breaker.state(for: "https://cdn.example:443") {} else {
            Issue.record("the origin that timed out is open: \(images.breaker.state(for: "https://cdn.example:443"))")
        }
        let good = URL(string: "https://img.example/badge.png")!
        fetcher.set(good.absoluteString, png())
        #expect(try await images.image(at: good).get().contentType == "image/png")
        let direct = URL(string: "https://cdn.example/badge.png")!
        fetcher.set(direct.absoluteString, png())
        #expect(await images.image(at: direct) == .failure(.timedOut), "fails fast")
        #expect(fetcher.fetches.count == 4)
    }
}
