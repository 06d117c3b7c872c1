import Photos
import Testing

@Suite("Feed rules (PH-3, PH-7, PH-9, PH-12, PH-13)")
struct PhotoFeedTests {
    let photos = samplePhotos(3)

    @Test("add appends the photo at the cursor, from the first on, and advances")
    func addsInOrder() {
        var feed = PhotoFeed()
        #expect(feed.addNext(from: photos) == .added(photos[0]))
        #expect(feed.addNext(from: photos) == .added(photos[1]))
        #expect(feed == PhotoFeed(shownIDs: [1, 2], cursor: 2))
    }

    @Test("past the last photo is .endOfList and leaves the feed as it is")
    func endOfList() {
        var feed = PhotoFeed()
        for _ in photos { _ = feed.addNext(from: photos) }
        let before = feed
        #expect(feed.addNext(from: photos) == .endOfList)
        #expect(feed == before)
        #expect(!feed.hasNext(inListOf: photos.count))
        var empty = PhotoFeed()
        #expect(empty.addNext(from: [Photo]()) == .endOfList)
    }

    @Test("clear empties the feed and starts again from photo 1")
    func clear() {
        var feed = PhotoFeed()
        _ = feed.addNext(from: photos)
        _ = feed.addNext(from: photos)
        #expect(feed.canClear)
        feed.clear()
        #expect(feed == PhotoFeed())
        #expect(!feed.canClear)
        #expect(feed.addNext(from: photos) == .added(photos[0]))
    }

    @Test("a damaged negative cursor counts as the first photo")
    func negativeCursor() {
        var feed = PhotoFeed(shownIDs: [], cursor: -4)
        #expect(feed.addNext(from: photos) == .added(photos[0]))
        #expect(feed.cursor == 1)
    }

    @Test("shown ids missing from the list are skipped, not lost")
    func missingIDsSkipped() {
        let feed = PhotoFeed(shownIDs: [1, 99, 3], cursor: 3)
        let list = PhotoList(photos)
        #expect(feed.shownPhotos(in: list).map(\.id) == [1, 3])
        #expect(feed.shownIDs == [1, 99, 3])
        #expect(list.photo(id: 2) == photos[1])
        #expect(list.photo(id: 99) == nil)
    }
}
