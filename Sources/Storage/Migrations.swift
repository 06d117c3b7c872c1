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

        migrator.registerMigration("v3-habits") { db in
            try db.create(table: "habit") { table in
                table.autoIncrementedPrimaryKey("id")
                table.column("deviceID", .text).notNull()
                    .indexed()
                    .references("device", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("hour", .integer).notNull()
                table.column("minute", .integer).notNull()
                table.column("color", .text).notNull()
                table.column("createdAt", .datetime).notNull()
                // Kept by the triggers below: the list shows every habit's count, and counting
                // ten years of tracks per habit on each visit would cost more than the rest of the page.
                table.column("trackCount", .integer).notNull().defaults(to: 0)
            }
            // One row per habit and calendar day (YYYY-MM-DD in the device's zone when tracked):
            // the primary key is what makes a second track on the same day impossible.
            try db.create(table: "habitTrack", options: [.withoutRowID]) { table in
                table.column("habitID", .integer).notNull()
                    .references("habit", onDelete: .cascade)
                table.column("day", .text).notNull()
                table.column("trackedAt", .datetime).notNull()
                table.primaryKey(["habitID", "day"])
            }
            try db.execute(sql: """
                CREATE TRIGGER habitTrack_counted AFTER INSERT ON habitTrack BEGIN
                    UPDATE habit SET trackCount = trackCount + 1 WHERE id = NEW.habitID;
                END;
                CREATE TRIGGER habitTrack_uncounted AFTER DELETE ON habitTrack BEGIN
                    UPDATE habit SET trackCount = trackCount - 1 WHERE id = OLD.habitID;
                END;
                """)
        }

        migrator.registerMigration("v4-car-body-index") { db in
            // The car list counts each body's cars on every visit: an index answers that alone.
            try db.create(index: "car_deviceID_body", on: "car", columns: ["deviceID", "body"])
        }

        migrator.registerMigration("v5-photo-feed") { db in
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
        }

        migrator.registerMigration("v6-car-body-counts") { db in
            // The car list shows how many cars each body has on every visit; counting them there
            // scanned all of a device's cars (a third of the list's SQL time with 1,000 cars). The
            // triggers keep one row per device and body, so the counts cannot drift from the rows.
            try db.execute(sql: """
                CREATE TABLE carBodyCount (
                    deviceID TEXT NOT NULL REFERENCES device(id) ON DELETE CASCADE,
                    body TEXT NOT NULL,
                    count INTEGER NOT NULL,
                    PRIMARY KEY (deviceID, body)
                ) WITHOUT ROWID;
                INSERT INTO carBodyCount (deviceID, body, count) SELECT deviceID, body, COUNT(*) FROM car GROUP BY deviceID, body;
                CREATE TRIGGER car_counted AFTER INSERT ON car BEGIN
                    INSERT INTO carBodyCount (deviceID, body, count) VALUES (NEW.deviceID, NEW.body, 1)
                        ON CONFLICT (deviceID, body) DO UPDATE SET count = count + 1;
                END;
                CREATE TRIGGER car_uncounted AFTER DELETE ON car BEGIN
                    UPDATE carBodyCount SET count = count - 1 WHERE deviceID = OLD.deviceID AND body = OLD.body;
                    DELETE FROM carBodyCount WHERE deviceID = OLD.deviceID AND body = OLD.body AND count <= 0;
                END;
                CREATE TRIGGER car_recounted AFTER UPDATE OF deviceID, body ON car BEGIN
                    UPDATE carBodyCount SET count = count - 1 WHERE deviceID = OLD.deviceID AND body = OLD.body;
                    DELETE FROM carBodyCount WHERE deviceID = OLD.deviceID AND body = OLD.body AND count <= 0;
                    INSERT INTO carBodyCount (deviceID, body, count) VALUES (NEW.deviceID, NEW.body, 1)
                        ON CONFLICT (deviceID, body) DO UPDATE SET count = count + 1;
                END;
                """)
        }

        migrator.registerMigration("v7-habit-last-tracked-day") { db in
            // The list asks every habit "tracked today?" on each visit: one index probe per habit
            // among years of tracks. The triggers keep each habit's latest tracked day instead, so
            // the answer is a column compare, and it cannot drift from the tracks.
            try db.execute(sql: """
                ALTER TABLE habit ADD COLUMN lastTrackedDay TEXT;
                UPDATE habit SET lastTrackedDay = (SELECT MAX(day) FROM habitTrack t WHERE t.habitID = habit.id);
                CREATE TRIGGER habitTrack_lastDay_added AFTER INSERT ON habitTrack BEGIN
                    UPDATE habit SET lastTrackedDay = NEW.day
                        WHERE id = NEW.habitID AND (lastTrackedDay IS NULL OR lastTrackedDay < NEW.day);
                END;
                CREATE TRIGGER habitTrack_lastDay_removed AFTER DELETE ON habitTrack BEGIN
                    UPDATE habit SET lastTrackedDay = (SELECT MAX(day) FROM habitTrack t WHERE t.habitID = OLD.habitID)
                        WHERE id = OLD.habitID AND lastTrackedDay = OLD.day;
                END;
                """)
        }

        migrator.registerMigration("v8-device-secrets") { db in
            // Secrets a device keeps (the GitHub token, GH-6), only as AES-GCM ciphertext.
            try db.create(table: "deviceSecret", options: [.withoutRowID]) { table in
                table.column("deviceID", .text).notNull()
                    .references("device", onDelete: .cascade)
                table.column("name", .text).notNull()
                table.column("sealed", .blob).notNull()
                table.primaryKey(["deviceID", "name"])
            }
        }

        migrator.registerMigration("v9-stories-settings") { db in
            // A device's Stories & Gallery settings (SG-6), in the text form of the C settings model
            // (SG-7): `v1;draw=1;color=#f3af22`.
            try db.create(table: "storiesSettings") { table in
                table.primaryKey("deviceID", .text)
                    .references("device", onDelete: .cascade)
                table.column("settings", .text).notNull()
            }
        }

        migrator.registerMigration("v10-photo-list") { db in
            // The whole photo list (PH-8), one JSON document in one row, so every server on one
            // database indexes the same list (issue 26) and a restart without network still has it.
            try db.execute(sql: """
                CREATE TABLE photoList (
                    id INTEGER PRIMARY KEY CHECK (id = 1),
                    photos TEXT NOT NULL,
                    savedAt DATETIME NOT NULL
                )
                """)
        }

        return migrator
    }()
}
