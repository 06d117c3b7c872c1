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
        // The previews (imports, restores) already confirmed, by a digest of their seal, until the
        // seal expires: a preview is confirmed once (issue 46, item 9).
        PostgresMigration("sessions.4-spent-upload", [
            """
            CREATE TABLE spentUpload (
                digest text PRIMARY KEY,
                deviceID text NOT NULL REFERENCES device(id) ON DELETE CASCADE,
                expiresAt timestamptz NOT NULL
            )
            """,
            "CREATE INDEX spentUpload_deviceID ON spentUpload (deviceID)",
        ]),
        // Which browser removed which (issue 46, item 8): every linked browser's Devices screen lists
        // the last 30 days' removals, and a browser another removed is told so.
        PostgresMigration("sessions.5-removed-by", [
            "ALTER TABLE session ADD COLUMN removedBy text",
        ]),
        // The name a person gave a browser on the Devices screen (issue 50); none: the User-Agent's.
        PostgresMigration("sessions.6-given-name", [
            "ALTER TABLE session ADD COLUMN givenName text",
        ]),
    ]
}

extension PostgresAppDatabase {
    public var sessions: PostgresSessionStore { PostgresSessionStore(pool: pool) }
}
