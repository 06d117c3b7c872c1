import Devices
import GRDB
import Photos

/// Photos on SQLite: each device's feed, and the whole photo list every device shares.
public enum PhotosSQLiteStorage: SQLiteAppStorage {
    public static let migrations = [
        SQLiteMigration("photos.1-feed", formerly: "v5-photo-feed") { db in
            // A device's Photos feed (PH-9): where "Add element" goes on, and what it has shown, in order.
            try db.create(table: "photoFeed") { table in
                table.primaryKey("deviceID", .text)
                    .references("device", onDelete: .cascade)
                table.column("cursor", .integer).notNull().check { $0 >= 0 }
            }
            try db.create(table: "photoFeedItem", options: [.withoutRowID]) { table in
                table.column("deviceID", .text).notNull()
                    .references("photoFeed", onDelete: .cascade)
                table.column("position", .integer).notNull().check { $0 >= 0 }
                table.column("photoID", .integer).notNull()
                table.primaryKey(["deviceID", "position"])
            }
        },
        SQLiteMigration("photos.2-list", formerly: "v10-photo-list") { db in
            // The whole photo list (PH-8), one JSON document in one row, so every server on one
            // database indexes the same list (issue 26) and a restart without network still has it.
            try db.execute(sql: """
                CREATE TABLE photoList (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    photos TEXT NOT NULL,
                    savedAt DATETIME NOT NULL
                )
                """)
        },
    ]

    public static func backup(of owner: DeviceID, in db: Database) throws -> PhotoFeed {
        try SQLitePhotoFeedStore.feed(of: owner, in: db)
    }

    public static func restore(_ backup: PhotoFeed, for owner: DeviceID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM photoFeed WHERE deviceID = ?", arguments: [owner.rawValue])
        if backup != .empty { try SQLitePhotoFeedStore.save(backup, of: owner, in: db) }
    }
}

extension AppDatabase {
    public func photoFeedStore(owner: DeviceID) -> SQLitePhotoFeedStore {
        SQLitePhotoFeedStore(pool: pool, owner: owner)
    }

    public var photoList: SQLitePhotoListArchive { SQLitePhotoListArchive(pool: pool) }
}
