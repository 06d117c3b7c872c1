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
        // A code's first group names its grant, so a wrong rest is counted against that grant
        // (`LinkGrant.wrongCodeLimit`). Grants made before have no lookup: their links work for the
        // minutes they have left; their codes were of another length and match none.
        PostgresMigration("sessions.3-link-code-lookup", [
            "ALTER TABLE linkGrant ADD COLUMN codeLookup text, ADD COLUMN wrongCodeTries bigint NOT NULL DEFAULT 0",
            "CREATE UNIQUE INDEX linkGrant_codeLookup ON linkGrant (codeLookup)",
        ]),
    ]
}

extension PostgresAppDatabase {
    public var sessions: PostgresSessionStore { PostgresSessionStore(pool: pool) }
}
