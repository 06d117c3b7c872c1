import Devices
import GRDB

/// The browsers that present an owner's data (issue 36) and the links that add one. No app's: the
/// deck's schema always has it, right after the devices table it refers to. Not part of a backup
/// (`DeckBackup`'s keepers): a backup carries data, never a way into it.
public enum SessionsSQLiteStorage {
    public static let migrations = [
        SQLiteMigration("sessions.1-session") { db in
            try db.create(table: "session") { table in
                table.primaryKey("id", .text)
                table.column("deviceID", .text).notNull().references("device", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                table.column("lastSeenAt", .datetime).notNull()
                table.column("removedAt", .datetime)
                table.column("replacedBy", .text)
            }
            try db.create(index: "session_deviceID", on: "session", columns: ["deviceID"])
        },
        SQLiteMigration("sessions.2-link-grant") { db in
            // Only digests (SHA-256) of the code and of the link's token: a copy of the database
            // redeems nothing.
            try db.create(table: "linkGrant") { table in
                table.primaryKey("codeDigest", .text)
                table.column("tokenDigest", .text).notNull().unique()
                table.column("deviceID", .text).notNull().references("device", onDelete: .cascade)
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(index: "linkGrant_deviceID", on: "linkGrant", columns: ["deviceID"])
        },
        SQLiteMigration("sessions.3-link-code-lookup") { db in
            // A code's first group names its grant, so a wrong rest is counted against that grant
            // (`LinkGrant.wrongCodeLimit`). Grants made before have no lookup: their links work
            // for the minutes they have left; their codes were of another length and match none.
            try db.alter(table: "linkGrant") { table in
                table.add(column: "codeLookup", .text)
                table.add(column: "wrongCodeTries", .integer).notNull().defaults(to: 0)
            }
            try db.create(index: "linkGrant_codeLookup", on: "linkGrant", columns: ["codeLookup"], options: .unique)
        },
        SQLiteMigration("sessions.4-spent-upload") { db in
            // The previews (imports, restores) already confirmed, by a digest of their seal, until
            // the seal expires: a preview is confirmed once (issue 46, item 9).
            try db.create(table: "spentUpload") { table in
                table.primaryKey("digest", .text)
                table.column("deviceID", .text).notNull().references("device", onDelete: .cascade)
                table.column("expiresAt", .datetime).notNull()
            }
            try db.create(index: "spentUpload_deviceID", on: "spentUpload", columns: ["deviceID"])
        },
        SQLiteMigration("sessions.5-removed-by") { db in
            // Which browser removed which (issue 46, item 8): every linked browser's Devices screen
            // lists the last 30 days' removals, and a browser another removed is told so.
            try db.alter(table: "session") { table in table.add(column: "removedBy", .text) }
        },
        SQLiteMigration("sessions.6-given-name") { db in
            // The name a person gave a browser on the Devices screen (issue 50); none: the User-Agent's.
            try db.alter(table: "session") { table in table.add(column: "givenName", .text) }
        },
    ]
}

extension AppDatabase {
    public var sessions: SQLiteSessionStore { SQLiteSessionStore(pool: pool) }
}
