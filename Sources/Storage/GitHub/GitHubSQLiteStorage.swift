import Devices
import GRDB
import Persistence
import SecretSealing

/// The GitHub viewer on SQLite: each device's token, sealed (GH-6). A backup never carries it.
public enum GitHubSQLiteStorage: SQLiteAppStorage {
    public static let migrations = [
        SQLiteMigration("github.1-token", formerly: "v8-device-secrets") { db in
            // Secrets a device keeps (the GitHub token, GH-6), only as AES-GCM ciphertext.
            try db.create(table: "deviceSecret", options: [.withoutRowID]) { table in
                table.column("deviceID", .text).notNull()
                    .references("device", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("sealed", .blob).notNull()
                table.primaryKey(["deviceID", "name"])
            }
        },
    ]

    public static func backup(of owner: DeviceID, in db: Database) throws -> NothingBackedUp { .empty }

    /// The token stays as it is: a restore neither brings one nor signs out.
    public static func restore(_ backup: NothingBackedUp, for owner: DeviceID, in db: Database) throws {}
}

extension AppDatabase {
    public func githubTokenStore(owner: DeviceID, sealer: SecretSealer) -> SQLiteGitHubTokenStore {
        SQLiteGitHubTokenStore(pool: pool, owner: owner, sealer: sealer)
    }
}
