import CompositionRoot
import Photos
import Testing

@Suite("PhotoListArchive contract (SQLite and PostgreSQL)")
struct PhotoListArchiveContract {
    static func photos(_ ids: ClosedRange<Int>, title: String = "accusamus beatae") -> [Photo] {
        ids.map { Photo(albumId: 1 + $0 / 50, id: $0, title: "\(title) \($0)", url: "https://via.placeholder.com/600/\($0)", thumbnailUrl: "https://via.placeholder.com/150/\($0)") }
    }

    @Test("no list until one is saved; the saved list comes back whole, in order, after a restart (PH-8)", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) async throws {
        let list = Self.photos(1...5000, title: "Łódź & <b> «ёлка»")
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                #expect(await stores.photoList.load() == nil)
                await stores.photoList.save(list)
            }
            try await fixture.open { stores in
                #expect(await stores.photoList.load() == list)
            }
        }
    }

    @Test("a refresh replaces the list: one row, the newest list", arguments: Backend.allCases)
    func replaces(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { stores in
                await stores.photoList.save(Self.photos(1...3))
                await stores.photoList.save(Self.photos(2...4))
                #expect(await stores.photoList.load() == Self.photos(2...4))
            }
            #expect(try await fixture.integer("SELECT COUNT(*) FROM photoList") == 1)
        }
    }

    @Test("two servers on one database read the list either of them saved (issue 26)", arguments: Backend.allCases)
    func sharedBetweenClients(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { first in
                try await fixture.open { second in
                    await first.photoList.save(Self.photos(1...10))
                    #expect(await second.photoList.load() == Self.photos(1...10))
                }
            }
        }
    }

    @Test("a stored document that is not a photo list reads as no list, and the next save replaces it", arguments: Backend.allCases)
    func damagedReadsAsNone(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            try await fixture.open { _ in }
            try await fixture.execute("INSERT INTO photoList (id, photos, savedAt) VALUES (1, '{\"not\": \"a list\"}', CURRENT_TIMESTAMP)")
            try await fixture.open { stores in
                #expect(await stores.photoList.load() == nil)
                await stores.photoList.save(Self.photos(1...2))
                #expect(await stores.photoList.load() == Self.photos(1...2))
            }
        }
    }
}

extension StoreBackend {
    /// The photo list every device shares, through the core's protocol only.
    var photoList: any PhotoListArchive {
        switch self {
        case .sqlite(let database): database.photoList
        case .postgres(let database): database.photoList
        }
    }
}
