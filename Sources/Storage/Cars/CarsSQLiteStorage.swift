import Cars
import Devices
import GRDB

/// Cars on SQLite: the `car` table and the per-body counts its triggers keep.
public enum CarsSQLiteStorage: SQLiteAppStorage {
    public static let migrations = [
        SQLiteMigration("cars.1-car", formerly: "v2-cars") { db in
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
        },
        SQLiteMigration("cars.2-body-index", formerly: "v4-car-body-index") { db in
            // The car list counts each body's cars on every visit: an index answers that alone.
            try db.create(index: "car_deviceID_body", on: "car", columns: ["deviceID", "body"])
        },
        SQLiteMigration("cars.3-body-counts", formerly: "v6-car-body-counts") { db in
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
        },
    ]

    public static func backup(of owner: DeviceID, in db: Database) throws -> CarsBackup {
        CarsBackup(cars: try SQLiteCarStore.cars(of: owner, body: nil, in: db).map(\.newCar))
    }

    public static func restore(_ backup: CarsBackup, for owner: DeviceID, in db: Database) throws {
        try db.execute(sql: "DELETE FROM car WHERE deviceID = ?", arguments: [owner.rawValue])
        for car in backup.cars { _ = try SQLiteCarStore.insert(car, of: owner, in: db) }
    }
}

extension AppDatabase {
    public func carStore(owner: DeviceID) -> SQLiteCarStore {
        SQLiteCarStore(pool: pool, owner: owner, limit: limits.cars)
    }
}
