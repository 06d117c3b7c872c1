import Devices
import Persistence
import PostgresNIO
import SecretSealing

/// The GitHub viewer on PostgreSQL: each device's token, sealed (GH-6). A backup never carries it.
public enum GitHubPostgresStorage: PostgresAppStorage {
    public static let migrations = [
        PostgresMigration("github.1-token", formerly: "v5-device-secrets", [
            // Secrets a device keeps (the GitHub token, GH-6), only as AES-GCM ciphertext.
            """
            CREATE TABLE deviceSecret (
                deviceID text NOT NULL REFERENCES device (id) ON DELETE CASCADE,
                name text NOT NULL,
                sealed bytea NOT NULL,
                PRIMARY KEY (deviceID, name)
            )
            """,
        ]),
    ]

    public static func backup(of owner: DeviceID, in transaction: PostgresTransaction) async throws -> NothingBackedUp { .empty }

    /// The token stays as it is: a restore neither brings one nor signs out.
    public static func restore(_ backup: NothingBackedUp, for owner: DeviceID, in transaction: PostgresTransaction) async throws {}
}

extension PostgresAppDatabase {
    public func githubTokenStore(owner: DeviceID, sealer: SecretSealer) -> PostgresGitHubTokenStore {
        PostgresGitHubTokenStore(pool: pool, owner: owner, sealer: sealer)
    }
}
