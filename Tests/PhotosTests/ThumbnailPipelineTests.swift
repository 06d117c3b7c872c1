import Caching
import Foundation
import Photos
import TestDoubles
import Testing
import Upstream

@Suite("Thumbnail pipeline (PH-4, PH-10)")
struct ThumbnailPipelineTests {
    let url = "https://via.placeholder.com/150/92c952"

    func pipeline(
        _ fetcher: FakeFetcher, disk: FakeDiskCache = FakeDiskCache(), clock: ManualClock = ManualClock(),
        configuration: ThumbnailPipeline.Configuration = .init()
    ) -> ThumbnailPipeline {
        ThumbnailPipeline(fetcher: fetcher, diskCache: disk, configuration: configuration, clock: clock)
    }

    @Test("cold: fetched once, stored on disk and in memory; warm: from memory")
    func fetchThenMemory() async {
        let fetcher = FakeFetcher(.image(FetchedImage(bytes: pngBytes, contentType: "Image/PNG; q=1")))
        let disk = FakeDiskCache()
        let pipeline = pipeline(fetcher, disk: disk)
        let first = await pipeline.thumbnail(forURL: url)
        #expect(first.bytes == pngBytes)
        #expect(first.contentType == "image/png")
        #expect(!first.isFallback)
        #expect(fetcher.urls == [URL(string: url)!])
        #expect(disk.stored[url] == FetchedImage(bytes: pngBytes, contentType: "image/png"))
        let second = await pipeline.thumbnail(forURL: url)
        #expect(second == first)
        #expect(fetcher.fetches.count == 1)
        #expect(disk.reads.count == 1)
        #expect(pipeline.statistics.memoryHits == 1)
    }

    @Test("disk before the host: a disk hit fetches nothing and fills memory")
    func diskBeforeFetch() async {
        let fetcher = FakeFetcher(.failure(.offline))
        let disk = FakeDiskCache([url: png])
        let pipeline = pipeline(fetcher, disk: disk)
        #expect(await pipeline.thumbnail(forURL: url) == Thumbnail(png))
        #expect(await pipeline.thumbnail(forURL: url) == Thumbnail(png))
        #expect(fetcher.fetches.count == 0)
        #expect(disk.reads.count == 1)
        #expect(disk.writes.count == 0)
    }

    @Test("100 concurrent cold requests make 1 upstream fetch")
    func coalescing() async {
        let gate = Gate()
        let fetcher = FakeFetcher(.image(png), gate: gate)
        let disk = FakeDiskCache()
        let pipeline = pipeline(fetcher, disk: disk)
        let photo = Photo(albumId: 1, id: 1, title: "t", url: url, thumbnailUrl: url)
        await withTaskGroup(of: Thumbnail.self) { group in
            for _ in 0..<100 { group.addTask { await pipeline.thumbnail(for: photo) } }
            await eventually { await pipeline.waitingRequests(forURL: url) == 100 }
            gate.open()
            var count = 0
            for await thumbnail in group {
                #expect(thumbnail.bytes == pngBytes)
                count += 1
            }
            #expect(count == 100)
        }
        #expect(fetcher.fetches.count == 1)
        #expect(disk.reads.count == 1)
        #expect(disk.writes.count == 1)
    }

    @Test("a cancelled request gets the fallback at once; the others get the image")
    func cancelledWaiter() async {
        let gate = Gate()
        let fetcher = FakeFetcher(.image(png), gate: gate)
        let pipeline = pipeline(fetcher)
        let cancelled = Task { await pipeline.thumbnail(forURL: url) }
        let kept = Task { await pipeline.thumbnail(forURL: url) }
        await eventually { await pipeline.waitingRequests(forURL: url) == 2 }
        cancelled.cancel()
        #expect(await cancelled.value.isFallback)
        gate.open()
        #expect(await kept.value.bytes == pngBytes)
        #expect(fetcher.fetches.count == 1)
        #expect(await pipeline.thumbnail(forURL: url).bytes == pngBytes, "the cancelled fallback was not remembered")
    }

    @Test("failures give the fallback, which never reaches the disk; a recovered host is fetched later")
    func fallbackNotOnDisk() async {
        let clock = ManualClock()
        let fetcher = FakeFetcher(.failure(.server(status: 500)))
        let disk = FakeDiskCache()
        let pipeline = pipeline(fetcher, disk: disk, clock: clock, configuration: .init(fallbackLifetime: .seconds(30)))
        let fallback = await pipeline.thumbnail(forURL: url)
        #expect(fallback == PlaceholderImage(url: url).thumbnail)
        #expect(disk.writes.count == 0)
        #expect(await pipeline.thumbnail(forURL: url) == fallback)
        #expect(fetcher.fetches.count == 1, "the fallback is remembered in memory for a while")

        fetcher.set(.image(png))
        clock.advance(by: .seconds(30))
        let recovered = await pipeline.thumbnail(forURL: url)
        #expect(!recovered.isFallback)
        #expect(recovered.etag != fallback.etag)
        #expect(disk.stored[url] == png)
        #expect(fetcher.fetches.count == 2)
    }

    @Test("answers that are not acceptable images are refused", arguments: [
        FetchedImage(bytes: Array("<html></html>".utf8), contentType: "text/html"),
        FetchedImage(bytes: Array("<svg/>".utf8), contentType: "image/svg+xml"),
        FetchedImage(bytes: [], contentType: "image/png"),
        FetchedImage(bytes: [UInt8](repeating: 1, count: 101), contentType: "image/png"),
        FetchedImage(bytes: [1], contentType: "image/"),
        FetchedImage(bytes: SampleImages.png(width: 16_000, height: 16_000), contentType: "image/png"),
        FetchedImage(bytes: SampleImages.png(width: 150, height: 4097), contentType: "image/png"),
        FetchedImage(bytes: Array(SampleImages.png(width: 150, height: 150).prefix(20)), contentType: "image/png"),
        FetchedImage(bytes: [UInt8](repeating: 9, count: 60), contentType: "image/jpeg"),
    ])
    func validation(answer: FetchedImage) async {
        let disk = FakeDiskCache()
        let pipeline = pipeline(FakeFetcher(.image(answer)), disk: disk, configuration: .init(maximumImageBytes: 100))
        #expect(await pipeline.thumbnail(forURL: url).isFallback)
        #expect(disk.writes.count == 0)
        #expect(pipeline.breaker.state(for: "https://via.placeholder.com:443") == .closed(consecutiveFailures: 0))
    }

    @Test("a disk entry that fails validation is not used")
    func badDiskEntry() async {
        let disk = FakeDiskCache([url: FetchedImage(bytes: [1], contentType: "text/plain")])
        let fetcher = FakeFetcher(.image(png))
        #expect(await pipeline(fetcher, disk: disk).thumbnail(forURL: url).bytes == pngBytes)
        #expect(fetcher.fetches.count == 1)
    }

    @Test("a hung host costs one timeout on the injected clock, then the fallback")
    func timeout() async {
        let clock = ManualClock()
        let fetcher = FakeFetcher(.hang)
        let pipeline = pipeline(fetcher, clock: clock, configuration: .init(timeout: .seconds(5), breakerThreshold: 1))
        let request = Task { await pipeline.thumbnail(forURL: url) }
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(5))
        #expect(await request.value.isFallback)
        #expect(pipeline.breaker.state(for: "https://via.placeholder.com:443") == .open(until: .seconds(5 + 30)))
    }

    @Test("one client starts its share of cold fetches; a wait for a turn that runs out is not the host's fault")
    func waitingIsNotAHostFailure() async {
        let clock = ManualClock()
        let fetcher = FakeFetcher(.hang)
        let pipeline = pipeline(
            fetcher, clock: clock,
            configuration: .init(timeout: .seconds(5), breakerThreshold: 3, coldFetches: .init(perHost: 4, perParty: 1)))
        let urls = (1...3).map { "https://via.placeholder.com/150/\($0)\($0)\($0)" }
        let waiting = urls.map { address in Task { await pipeline.thumbnail(forURL: address, client: "a") } }
        await clock.waitForSleepers(3)
        await eventually { fetcher.fetches.count == 1 }
        let other = Task { await pipeline.thumbnail(forURL: "https://via.placeholder.com/150/999", client: "b") }
        await clock.waitForSleepers(4)
        await eventually { fetcher.fetches.count == 2 }
        #expect(fetcher.fetches.count == 2, "a's queue does not hold up b")

        clock.advance(by: .seconds(5))
        for request in waiting { #expect(await request.value.isFallback) }
        #expect(await other.value.isFallback)
        #expect(pipeline.breaker.state(for: "https://via.placeholder.com:443") == .closed(consecutiveFailures: 2), "only the two fetches that ran count")

        fetcher.set(.image(png))
        let started = fetcher.fetches.count
        #expect(await pipeline.thumbnail(forURL: urls[0], client: "a").isFallback, "a host's timeout is remembered")
        #expect(await pipeline.thumbnail(forURL: urls[2], client: "a").bytes == pngBytes, "a wait is not")
        #expect(fetcher.fetches.count == started + 1)
    }

    @Test("a dead host trips the breaker: later thumbnails of that host fail fast, then one trial")
    func breaker() async {
        let clock = ManualClock()
        let fetcher = FakeFetcher(.failure(.offline))
        let pipeline = pipeline(
            fetcher, clock: clock,
            configuration: .init(breakerThreshold: 3, breakerCoolDown: .seconds(60), fallbackLifetime: .seconds(1)))
        for id in 0..<10 {
            #expect(await pipeline.thumbnail(forURL: "https://dead.example/150/\(id)\(id)\(id)").isFallback)
        }
        #expect(fetcher.fetches.count == 3)
        #expect(pipeline.statistics.failFast == 7)
        _ = await pipeline.thumbnail(forURL: "https://alive.example/150/fff")
        #expect(fetcher.fetches.count == 4, "another host is still asked")

        fetcher.set(.image(png))
        clock.advance(by: .seconds(60))
        #expect(pipeline.breaker.state(for: "https://dead.example:443") == .halfOpen)
        #expect(await pipeline.thumbnail(forURL: "https://dead.example/150/000").bytes == pngBytes)
        #expect(pipeline.breaker.state(for: "https://dead.example:443") == .closed(consecutiveFailures: 0))
        #expect(await pipeline.thumbnail(forURL: "https://dead.example/150/111").bytes == pngBytes)
        #expect(fetcher.fetches.count == 6)
    }

    @Test("the breaker is kept by origin: a dead port of a host never closes the host's other origins (issue 33)")
    func breakerByOrigin() async {
        let fetcher = FakeFetcher(.failure(.offline))
        let pipeline = pipeline(fetcher, configuration: .init(breakerThreshold: 3, fallbackLifetime: .seconds(1)))
        for id in 0..<4 {
            #expect(await pipeline.thumbnail(forURL: "https://dead.example:8443/150/\(id)\(id)\(id)").isFallback)
        }
        #expect(fetcher.fetches.count == 3, "the dead origin fails fast after three")
        fetcher.set(.image(png))
        #expect(await pipeline.thumbnail(forURL: "https://dead.example/150/000").bytes == pngBytes)
        #expect(await pipeline.thumbnail(forURL: "http://dead.example/150/000").bytes == pngBytes)
        #expect(fetcher.fetches.count == 5)
    }

    @Test("addresses that are not http(s) are never fetched", arguments: [
        "file:///etc/passwd", "http+unix://%2Ftmp%2Fsock/x", "not a url", "", "https:///150/fff",
    ])
    func onlyHTTP(address: String) async {
        let fetcher = FakeFetcher(.image(png))
        let thumbnail = await pipeline(fetcher).thumbnail(forURL: address)
        #expect(thumbnail.isFallback)
        #expect(fetcher.fetches.count == 0)
    }

    @Test("the memory cache stays within its configured bytes")
    func memoryBound() async {
        let image = FetchedImage(bytes: SampleImages.png(width: 150, height: 150, padding: 967), contentType: "image/png")
        let pipeline = pipeline(FakeFetcher(.image(image)), configuration: .init(memoryBytes: 10_000))
        for id in 0..<50 { _ = await pipeline.thumbnail(forURL: "https://img.example/\(id)") }
        #expect(pipeline.memoryCache.totalBytes <= 10_000)
        #expect(pipeline.memoryCache.count >= 5)
    }
}
