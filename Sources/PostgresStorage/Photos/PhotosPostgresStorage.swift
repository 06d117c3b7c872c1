import Devices
import Photos
import PostgresNIO

/// Photos on PostgreSQL: each device's feed, and the whole photo list every device shares.
public enum PhotosPostgresStorage: PostgresAppStorage {
    public static let migrations = [
        PostgresMigration("photos.1-feed", formerly: "v4-photo-feed", [
            // A device's Photos feed (PH-9): where "Add element" goes on, and what it has shown, in order.
            """
            CREATE TABLE photoFeed (
                deviceID text PRIMARY KEY REFERENCES device (id) ON DELETE CASCADE,
                cursor bigint NOT NULL CHECK (cursor >= 0)
            )
            """,
            """
            CREATE TABLE photoFeedItem (
                deviceID text NOT NULL REFERENCES photoFeed (deviceID) ON DELETE CASCADE,
                position bigint NOT NULL CHECK (position >= 0),
                photoID bigint NOT NULL,
                PRIMARY KEY (deviceID, position)
            )
            """,
        ]),
        PostgresMigration("photos.2-list", formerly: "v7-photo-list", [
            // The whole photo list (PH-8) as one JSON document, so every server's cursor indexes
            // the same list.
            """
            CREATE TABLE photoList (
                id bigint PRIMARY KEY CHECK (id = 1),
                photos text NOT NULL,
                savedAt timestamptz NOT NULL
            )
            """,
        ]),
    ]

    public static func backup(of owner: DeviceID, in transaction: PostgresTransaction) async throws -> PhotoFeed {
        try await PostgresPhotoFeedStore.feed(transaction.query(PostgresPhotoFeedStore.feedQuery(of: owner)))
    }

    public static func restore(_ backup: PhotoFeed, for owner: DeviceID, in transaction: PostgresTransaction) async throws {
        try await transaction.query("DELETE FROM photoFeed WHERE deviceID = \(owner.rawValue)")
        guard backup != .empty else { return }
        try await PostgresDeviceStore.ensure(owner, on: transaction.connection, of: transaction.pool)
        try await transaction.query("INSERT INTO photoFeed (deviceID, cursor) VALUES (\(owner.rawValue), \(backup.cursor))")
        try await PostgresPhotoFeedStore.write(backup, over: [], of: owner, on: transaction.connection, of: transaction.pool)
    }
}

extension PostgresAppDatabase {
    public func photoFeedStore(owner: DeviceID) -> PostgresPhotoFeedStore {
        PostgresPhotoFeedStore(pool: pool, owner: owner)
    }

    public var photoList: PostgresPhotoListArchive { PostgresPhotoListArchive(pool: pool) }
}
