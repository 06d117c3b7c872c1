import CompositionRoot
import Devices
import Photos
import Testing

@Suite("PhotoFeedStore contract (SQLite and PostgreSQL)")
struct PhotoFeedStoreContract {
    @Test("a device without a feed has an empty one; what it saves comes back after a restart (PH-9)", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                #expect(try await stores.photoFeed(.alice).feed() == PhotoFeed())
                try await stores.photoFeed(.alice).save(PhotoFeed(shownIDs: [1, 2, 3], cursor: 3))
            }
            try await fixture.open { (stores: Stores) async throws in
                #expect(try await stores.photoFeed(.alice).feed() == PhotoFeed(shownIDs: [1, 2, 3], cursor: 3))
            }
        }
    }

    @Test("growing, clearing and rewriting a feed each store exactly the feed given", arguments: Backend.allCases)
    func rewrites(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.photoFeed(.alice)
            for feed in [
                PhotoFeed(shownIDs: [1], cursor: 1),
                PhotoFeed(shownIDs: [1, 2], cursor: 2),
                PhotoFeed(shownIDs: [], cursor: 0),
                PhotoFeed(shownIDs: [5, 1], cursor: 7),
                PhotoFeed(shownIDs: [5], cursor: 7),
                PhotoFeed(shownIDs: [5, 1, 5], cursor: 9),
            ] {
                try await store.save(feed)
                #expect(try await store.feed() == feed)
            }
        }
    }

    @Test("one device's feed is never another's", arguments: Backend.allCases)
    func perDevice(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            try await stores.photoFeed(.alice).save(PhotoFeed(shownIDs: [1, 2], cursor: 2))
            try await stores.photoFeed(.bob).save(PhotoFeed(shownIDs: [9], cursor: 1))
            _ = try await stores.photoFeed(.bob).update { $0.shownIDs.append(10) }
            #expect(try await stores.photoFeed(.alice).feed() == PhotoFeed(shownIDs: [1, 2], cursor: 2))
            #expect(try await stores.photoFeed(.bob).feed() == PhotoFeed(shownIDs: [9, 10], cursor: 1))
        }
    }

    @Test("an update returns what its change returned, and one that changes nothing stores nothing, not even the device", arguments: Backend.allCases)
    func noOpUpdate(_ backend: Backend) async throws {
        try await backend.withStores { stores in
            let store = stores.photoFeed(.alice)
            let untouched = try await store.update { feed in feed.cursor }
            #expect(untouched == 0)
            #expect(try await stores.deviceCount() == 0)
            #expect(try await store.feed() == PhotoFeed())
            let added = try await store.update { feed -> Int in
                feed.shownIDs.append(42)
                feed.cursor = 1
                return 42
            }
            #expect(added == 42)
            #expect(try await store.feed() == PhotoFeed(shownIDs: [42], cursor: 1))
            #expect(try await stores.deviceCount() == 1)
        }
    }

    @Test("two clients advancing one feed at once: every advance adds the next photo, none twice, none skipped", arguments: Backend.allCases)
    func concurrentAdvances(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    let added = try await withThrowingTaskGroup(of: Int.self) { group in
                        for index in 0..<40 {
                            let store = index.isMultiple(of: 2) ? first.photoFeed(.alice) : second.photoFeed(.alice)
                            group.addTask {
                                try await store.update { feed in
                                    feed.cursor += 1
                                    feed.shownIDs.append(feed.cursor)
                                    return feed.cursor
                                }
                            }
                        }
                        return try await group.reduce(into: [Int]()) { $0.append($1) }
                    }
                    #expect(added.sorted() == Array(1...40))
                    #expect(try await second.photoFeed(.alice).feed() == PhotoFeed(shownIDs: Array(1...40), cursor: 40))
                }
            }
        }
    }
}

extension StoreBackend {
    /// The owner's photo feed, through the core's protocol only.
    func photoFeed(_ owner: DeviceID) -> any PhotoFeedStore {
        switch self {
        case .sqlite(let database): database.photoFeedStore(owner: owner)
        case .postgres(let database): database.photoFeedStore(owner: owner)
        }
    }
}
