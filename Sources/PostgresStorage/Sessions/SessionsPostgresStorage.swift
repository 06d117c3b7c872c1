import Devices

/// The browsers that present an owner's data and the links that add one (issue 36), the same
/// tables as SQLite's `SessionsSQLiteStorage`; right after the devices table, in no app's folder,
/// and never in a backup.
public enum SessionsPostgresStorage {
    public static let migrations = [
        PostgresMigration("sessions.1-session", [
            """
            CREATE TABLE session (
                id text PRIMARY KEY,
                deviceID text NOT NULL REFERENCES device(id) ON DELETE CASCADE,
                name text NOT NULL,
                createdAt timestamptz NOT NULL,
                lastSeenAt timestamptz NOT NULL,
                removedAt timestamptz,
                replacedBy text
            )
            """,
            "CREATE INDEX session_deviceID ON session (deviceID)",
        ]),
        PostgresMigration("sessions.2-link-grant", [
            """
            CREATE TABLE linkGrant (
                codeDigest text PRIMARY KEY,
                tokenDigest text NOT NULL UNIQUE,
                deviceID text NOT NULL REFERENCES device(id) ON DELETE CASCADE,
                expiresAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX linkGrant_deviceID ON linkGrant (deviceID)",
        ]),
    ]
}

extension PostgresAppDatabase {
    public var sessions: PostgresSessionStore { PostgresSessionStore(pool: pool) }
}
