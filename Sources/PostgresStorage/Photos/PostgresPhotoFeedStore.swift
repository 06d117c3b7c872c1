import Devices
import Photos
import PostgresNIO

/// `PhotoFeedStore` on the `photoFeed` and `photoFeedItem` tables, for one owner. Changes lock the
/// feed's row first, so two servers advancing the same feed take turns: every "Add element" adds
/// the next photo, none twice, none skipped (the at-most-once cursor, PH-9).
public struct PostgresPhotoFeedStore: PhotoFeedStore {
    let pool: PostgresPool
    public let owner: DeviceID

    /// The owner's feed; an empty one before its first "Add element". One statement, one snapshot.
    public func feed() async throws -> PhotoFeed {
        try await Self.feed(pool.query(Self.feedQuery(of: owner)))
    }

    static func feedQuery(of owner: DeviceID) -> PostgresQuery {
        """
        SELECT f.cursor, array(SELECT i.photoID FROM photoFeedItem i WHERE i.deviceID = f.deviceID ORDER BY i.position)
        FROM photoFeed f WHERE f.deviceID = \(owner.rawValue)
        """
    }

    static func feed(_ rows: some AsyncSequence<PostgresRow, any Error>) async throws -> PhotoFeed {
        guard let (cursor, shown) = try await rows.rows((Int, [Int]).self).first else { return PhotoFeed() }
        return PhotoFeed(shownIDs: shown, cursor: cursor)
    }

    /// Replaces the stored feed in one transaction. A feed that only grew (the usual "Add
    /// element") writes only its new items.
    public func save(_ feed: PhotoFeed) async throws {
        try await pool.write { [owner, pool] connection in
            let stored = try await Self.lock(owner, on: connection, of: pool)
            try await Self.write(feed, over: stored.shownIDs, of: owner, on: connection, of: pool)
        }
    }

    /// Reads, changes and saves under the row's lock: a concurrent change of this feed, from this
    /// server or another, waits until this one commits, then reads what it wrote. A change that
    /// changes nothing rolls back, so it creates no device and no feed.
    public func update<Result: Sendable>(_ change: @escaping @Sendable (inout PhotoFeed) -> Result) async throws -> Result {
        try await pool.writeOrRollBack { [owner, pool] connection in
            let before = try await Self.lock(owner, on: connection, of: pool)
            var feed = before
            let result = change(&feed)
            guard feed != before else { return .rollback(result) }
            try await Self.write(feed, over: before.shownIDs, of: owner, on: connection, of: pool)
            return .commit(result)
        }
    }

    /// Makes sure the device and its feed row exist, then locks the row (`FOR UPDATE`: a row
    /// that does not exist yet cannot be locked) and reads the feed it heads.
    private static func lock(_ owner: DeviceID, on connection: PostgresConnection, of pool: PostgresPool) async throws -> PhotoFeed {
        try await PostgresDeviceStore.ensure(owner, on: connection, of: pool)
        try await pool.run(
            "INSERT INTO photoFeed (deviceID, cursor) VALUES (\(owner.rawValue), 0) ON CONFLICT (deviceID) DO NOTHING", on: connection)
        let cursor = try await pool.run(
            "SELECT cursor FROM photoFeed WHERE deviceID = \(owner.rawValue) FOR UPDATE", on: connection
        ).value(Int.self) ?? 0
        let shown = try await pool.run(
            "SELECT photoID FROM photoFeedItem WHERE deviceID = \(owner.rawValue) ORDER BY position", on: connection
        ).values(Int.self)
        return PhotoFeed(shownIDs: shown, cursor: cursor)
    }

    /// Writes `feed` over the `stored` items, whose row the caller has locked: the cursor, then
    /// only the new items when the stored ones are where the feed starts, else all of them anew.
    static func write(
        _ feed: PhotoFeed, over stored: [Int], of owner: DeviceID, on connection: PostgresConnection, of pool: PostgresPool
    ) async throws {
        try await pool.run("UPDATE photoFeed SET cursor = \(feed.cursor) WHERE deviceID = \(owner.rawValue)", on: connection)
        var from = 0
        if stored.count <= feed.shownIDs.count, feed.shownIDs.starts(with: stored) {
            from = stored.count
        } else {
            try await pool.run("DELETE FROM photoFeedItem WHERE deviceID = \(owner.rawValue)", on: connection)
        }
        guard from < feed.shownIDs.count else { return }
        let positions = Array(from..<feed.shownIDs.count)
        let ids = Array(feed.shownIDs[from...])
        try await pool.run("""
            INSERT INTO photoFeedItem (deviceID, position, photoID)
            SELECT \(owner.rawValue), item.position, item.photoID FROM unnest(\(positions)::bigint[], \(ids)::bigint[]) AS item (position, photoID)
            """, on: connection)
    }
}
