import Devices
import GRDB
import Photos

/// `PhotoFeedStore` on the `photoFeed` and `photoFeedItem` tables, for one owner.
public struct SQLitePhotoFeedStore: PhotoFeedStore {
    let pool: DatabasePool
    public let owner: DeviceID

    /// The owner's feed; an empty one before its first "Add element".
    public func feed() async throws -> PhotoFeed {
        try await pool.read { [owner] db in try Self.feed(of: owner, in: db) }
    }

    /// Replaces the stored feed in one transaction. A feed that only grew (the usual "Add
    /// element") writes only its new items.
    public func save(_ feed: PhotoFeed) async throws {
        try await pool.write { [owner] db in try Self.save(feed, of: owner, in: db) }
    }

    /// Read, change and save in one write transaction: SQLite's single writer keeps two changes
    /// of one feed from interleaving.
    public func update<Result: Sendable>(_ change: @escaping @Sendable (inout PhotoFeed) -> Result) async throws -> Result {
        try await pool.write { [owner] db in
            var feed = try Self.feed(of: owner, in: db)
            let before = feed
            let result = change(&feed)
            if feed != before { try Self.save(feed, of: owner, in: db) }
            return result
        }
    }

    static func feed(of owner: DeviceID, in db: Database) throws -> PhotoFeed {
        guard let cursor = try Int.fetchOne(
            db.cachedStatement(sql: "SELECT cursor FROM photoFeed WHERE deviceID = ?"), arguments: [owner.rawValue])
        else { return PhotoFeed() }
        let ids = try Int.fetchAll(
            db.cachedStatement(sql: "SELECT photoID FROM photoFeedItem WHERE deviceID = ? ORDER BY position"),
            arguments: [owner.rawValue])
        return PhotoFeed(shownIDs: ids, cursor: cursor)
    }

    static func save(_ feed: PhotoFeed, of owner: DeviceID, in db: Database) throws {
        try DeviceStore.ensure(owner, in: db)
        try db.execute(
            sql: "INSERT INTO photoFeed (deviceID, cursor) VALUES (?, ?) ON CONFLICT(deviceID) DO UPDATE SET cursor = excluded.cursor",
            arguments: [owner.rawValue, feed.cursor])
        let stored = try Int.fetchAll(
            db.cachedStatement(sql: "SELECT photoID FROM photoFeedItem WHERE deviceID = ? ORDER BY position"),
            arguments: [owner.rawValue])
        var from = 0
        if stored.count <= feed.shownIDs.count, feed.shownIDs.starts(with: stored) {
            from = stored.count
        } else {
            try db.execute(sql: "DELETE FROM photoFeedItem WHERE deviceID = ?", arguments: [owner.rawValue])
        }
        let insert = try db.cachedStatement(sql: "INSERT INTO photoFeedItem (deviceID, position, photoID) VALUES (?, ?, ?)")
        for position in from..<feed.shownIDs.count {
            try insert.execute(arguments: [owner.rawValue, position, feed.shownIDs[position]])
        }
    }
}
