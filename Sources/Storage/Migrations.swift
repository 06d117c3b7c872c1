import GRDB

/// Versioned schema changes. Never edit a shipped migration; add the next one.
enum Migrations {
    static let migrator: DatabaseMigrator = {
        var migrator = DatabaseMigrator()

        migrator.registerMigration("v1-devices") { db in
            try db.create(table: "device") { table in
                table.primaryKey("id", .text)
                table.column("createdAt", .datetime).notNull()
                table.column("language", .text)
                table.column("timeZone", .text)
            }
        }

        migrator.registerMigration("v2-cars") { db in
            try db.create(table: "car") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("deviceID", .text).notNull()
                    .indexed()
                    .references("device", onDelete: .cascade)
                table.column("manufacturer", .text).notNull()
                table.column("model", .text).notNull()
                table.column("body", .text).notNull()
                table.column("yearOfIssue", .integer)
                table.column("carNumber", .text)
            }
        }

        return migrator
    }()
}
