import Devices
import Foundation
import Photos
import Storage
import Testing

@Suite("Photo feed store")
struct PhotoFeedStoreTests {
    let alice = DeviceID("0123456789abcdef0123456789abcdef")!
    let bob = DeviceID("fedcba9876543210fedcba9876543210")!

    @Test("a device without a feed has an empty one; what it saves comes back, across a reopening (PH-9)")
    func roundTrip() async throws {
        let temporary = TemporaryDatabase()
        defer { temporary.remove() }
        var database = try temporary.open()
        #expect(try await database.photoFeedStore(owner: alice).feed() == PhotoFeed())
        try await database.photoFeedStore(owner: alice).save(PhotoFeed(shownIDs: [1, 2, 3], cursor: 3))
        try database.close()

        database = try temporary.open()
        #expect(try await database.photoFeedStore(owner: alice).feed() == PhotoFeed(shownIDs: [1, 2, 3], cursor: 3))
        try database.close()
    }

    @Test("growing, clearing and rewriting a feed each store exactly the feed given")
    func rewrites() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.photoFeedStore(owner: alice)
            for feed in [
                PhotoFeed(shownIDs: [1], cursor: 1),
                PhotoFeed(shownIDs: [1, 2], cursor: 2),
                PhotoFeed(shownIDs: [], cursor: 0),
                PhotoFeed(shownIDs: [5, 1], cursor: 7),
                PhotoFeed(shownIDs: [5], cursor: 7),
            ] {
                try await store.save(feed)
                #expect(try await store.feed() == feed)
            }
        }
    }

    @Test("one device's feed is never another's")
    func perDevice() async throws {
        try await TemporaryDatabase.withFresh { database in
            try await database.photoFeedStore(owner: alice).save(PhotoFeed(shownIDs: [1, 2], cursor: 2))
            try await database.photoFeedStore(owner: bob).save(PhotoFeed(shownIDs: [9], cursor: 1))
            #expect(try await database.photoFeedStore(owner: alice).feed() == PhotoFeed(shownIDs: [1, 2], cursor: 2))
            #expect(try await database.photoFeedStore(owner: bob).feed() == PhotoFeed(shownIDs: [9], cursor: 1))
        }
    }

    @Test("concurrent updates of one feed each see the last one's result: 20 adds add 20 photos")
    func concurrentUpdates() async throws {
        try await TemporaryDatabase.withFresh { database in
            let store = database.photoFeedStore(owner: alice)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<20 {
                    group.addTask {
                        _ = try await store.update { feed in
                            feed.shownIDs.append(feed.cursor + 1)
                            feed.cursor += 1
                        }
                    }
                }
                try await group.waitForAll()
            }
            #expect(try await store.feed() == PhotoFeed(shownIDs: Array(1...20), cursor: 20))
        }
    }
}
