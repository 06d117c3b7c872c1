import Photos
import Synchronization
import TestDoubles
import Testing
import Upstream

@Suite("Photo catalogue (PH-2, PH-8)")
struct PhotoCatalogueTests {
    @Test("the archive is read first, then the service's list replaces it and is archived")
    func archiveThenRefresh() async {
        let archived = samplePhotos(2)
        let fresh = samplePhotos(5)
        let gate = Gate()
        let source = FakeSource([.success(fresh)], gate: gate)
        let archive = FakeArchive(archived)
        let catalogue = PhotoCatalogue(source: source, archive: archive, clock: ManualClock())

        await catalogue.start()
        #expect(await catalogue.state == .ready(PhotoList(archived)))
        #expect(await catalogue.status.isRefreshing)
        #expect(await catalogue.photo(id: 2) == archived[1])
        #expect(await catalogue.photo(id: 5) == nil)

        gate.open()
        #expect(await catalogue.refresh() == .ready(PhotoList(fresh)))
        #expect(archive.photos == fresh)
        #expect(await catalogue.photo(id: 5) == fresh[4])
        #expect(await !catalogue.status.isRefreshing)
        #expect(source.calls.count == 1)
    }

    @Test("a failed refresh keeps the archived list and says why")
    func failureKeepsArchive() async {
        let archived = samplePhotos(3)
        let archive = FakeArchive(archived)
        let catalogue = PhotoCatalogue(source: FakeSource([.failure(.offline)]), archive: archive, clock: ManualClock())
        await catalogue.start()
        #expect(await catalogue.refresh() == .ready(PhotoList(archived)))
        let status = await catalogue.status
        #expect(status.lastRefreshFailure == .offline)
        #expect(archive.saves.count == 0)
    }

    @Test("with nothing archived a failed refresh is .failed; a retry once the wait is over loads again")
    func failureWithoutArchive() async {
        let fresh = samplePhotos(4)
        let source = FakeSource([.failure(.server(status: 503)), .success(fresh)])
        let clock = ManualClock()
        let catalogue = PhotoCatalogue(source: source, archive: FakeArchive(), clock: clock, randomFactor: { _ in 1 })
        #expect(await catalogue.state == .loading)
        await catalogue.start()
        #expect(await catalogue.refresh() == .failed(.server(status: 503)))
        #expect(await catalogue.refresh() == .failed(.server(status: 503)), "not asked again before the wait is over")
        clock.advance(by: .seconds(2))
        #expect(await catalogue.refresh() == .ready(PhotoList(fresh)))
        #expect(await catalogue.status.lastRefreshFailure == nil)
    }

    @Test("while the list fails, pages asking again do not refetch: the wait doubles up to its cap")
    func backoff() async {
        let clock = ManualClock()
        let source = FakeSource([.failure(.unreadable)])
        let catalogue = PhotoCatalogue(
            source: source, archive: FakeArchive(), clock: clock,
            retryPolicy: .init(first: .seconds(2), maximum: .seconds(10)), randomFactor: { _ in 1 })
        await catalogue.start()
        _ = await catalogue.refresh()
        for _ in 0..<200 {
            await catalogue.start()
            _ = await catalogue.refresh()
        }
        #expect(source.calls.count == 1)
        var waits: [Duration?] = [await catalogue.status.nextAttemptIn]
        for _ in 0..<4 {
            clock.advance(by: waits.last!!)
            await catalogue.start()
            _ = await catalogue.refresh()
            waits.append(await catalogue.status.nextAttemptIn)
        }
        #expect(waits == [.seconds(2), .seconds(4), .seconds(8), .seconds(10), .seconds(10)])
        #expect(source.calls.count == 5)
    }

    @Test("each wait is scaled by the jitter's random factor")
    func jitter() async {
        let clock = ManualClock()
        let asked = Mutex<[ClosedRange<Double>]>([])
        let catalogue = PhotoCatalogue(
            source: FakeSource([.failure(.offline)]), archive: FakeArchive(), clock: clock,
            retryPolicy: .init(first: .seconds(10), jitter: 0.2),
            randomFactor: { range in
                asked.withLock { $0.append(range) }
                return range.upperBound
            })
        _ = await catalogue.refresh()
        #expect(asked.withLock { $0 } == [0.8...1.2])
        #expect(await catalogue.status.nextAttemptIn == .seconds(12))
    }

    @Test("errors the client did not map count as unreadable")
    func unmappedError() async {
        struct Odd: Error {}
        final class Throwing: PhotoSource {
            func allPhotos() async throws -> [Photo] { throw Odd() }
            func photo(id: Int) async throws -> Photo? { nil }
        }
        let catalogue = PhotoCatalogue(source: Throwing(), archive: FakeArchive(), clock: ManualClock())
        #expect(await catalogue.refresh() == .failed(.unreadable))
    }

    @Test("waiting for readiness ends when the list arrives")
    func readyWhenLoaded() async {
        let gate = Gate()
        let fresh = samplePhotos(2)
        let catalogue = PhotoCatalogue(source: FakeSource([.success(fresh)], gate: gate), archive: FakeArchive(), clock: ManualClock())
        await catalogue.start()
        async let state = catalogue.ready(within: .seconds(5))
        gate.open()
        #expect(await state == .ready(PhotoList(fresh)))
    }

    @Test("waiting for readiness is bounded by the clock")
    func readyIsBounded() async {
        let gate = Gate()
        let clock = ManualClock()
        let catalogue = PhotoCatalogue(source: FakeSource([.success(samplePhotos(2))], gate: gate), archive: FakeArchive(), clock: clock)
        await catalogue.start()
        async let state = catalogue.ready(within: .seconds(5))
        await clock.waitForSleepers(1)
        clock.advance(by: .seconds(4))
        #expect(clock.sleeperCount == 1)
        clock.advance(by: .seconds(1))
        #expect(await state == .loading)
        gate.open()
        #expect(await catalogue.refresh().list?.count == 2)
    }
}
