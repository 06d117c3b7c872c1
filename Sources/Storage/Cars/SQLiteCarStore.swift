import Cars
import Devices
import Foundation
import GRDB
import Persistence

/// `CarStore` on the `car` table, seeing only the cars of one owner.
public struct SQLiteCarStore: CarStore {
    let pool: DatabasePool
    public let owner: DeviceID
    /// How many cars the owner may keep (`OwnerLimits.cars`).
    let limit: Int

    /// Throws `OwnerLimitReached` when the owner has `limit` cars already: counted in the write
    /// transaction, which SQLite runs one at a time.
    public func add(_ car: NewCar) async throws -> Car {
        try await pool.write { [owner, limit] db in
            let count = try Int.fetchOne(db, sql: "SELECT count(*) FROM car WHERE deviceID = ?", arguments: [owner.rawValue]) ?? 0
            guard count < limit else { throw OwnerLimitReached(limit: limit) }
            return try Self.insert(car, of: owner, in: db)
        }
    }

    /// Adds `car` to `owner`'s, making the device row if it has none.
    static func insert(_ car: NewCar, of owner: DeviceID, in db: Database) throws -> Car {
        try DeviceStore.ensure(owner, in: db)
        try db.execute(
            sql: """
                INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
            arguments: [owner.rawValue, car.manufacturer, car.model, car.body.rawValue, car.yearOfIssue, car.carNumber])
        return Car(
            id: db.lastInsertedRowID, manufacturer: car.manufacturer, model: car.model,
            body: car.body, yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
    }

    public func cars(body: Body?) async throws -> [Car] {
        try await pool.read { [owner] db in try Self.cars(of: owner, body: body, in: db) }
    }

    static func cars(of owner: DeviceID, body: Body?, in db: Database) throws -> [Car] {
        var sql = "SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car WHERE deviceID = ?"
        var arguments: StatementArguments = [owner.rawValue]
        if let body {
            sql += " AND body = ?"
            arguments += [body.rawValue]
        }
        sql += " ORDER BY id"
        return try Row.fetchAll(db, sql: sql, arguments: arguments).compactMap(Self.car(from:))
    }

    /// Runs on every visit of the list: statements are prepared once per connection, rows are
    /// decoded from the statement as they come (no copy of each row), columns read by index (a
    /// lookup by name lowercases it each time), and the counts come from `carBodyCount`, which
    /// triggers keep (migration v6-car-body-counts).
    /// `after` nil reads from the first car: ids start at 1.
    public func listSlice(body: Body?, after: Int64?, limit: Int) async throws -> CarListSlice {
        try await pool.read { [owner] db in
            let after = after ?? 0
            let rows: RowCursor
            if let body {
                rows = try Row.fetchCursor(db.cachedStatement(sql: """
                    SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car
                    WHERE deviceID = ? AND body = ? AND id > ? ORDER BY id LIMIT ?
                    """), arguments: [owner.rawValue, body.rawValue, after, limit])
            } else {
                rows = try Row.fetchCursor(db.cachedStatement(sql: """
                    SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car
                    WHERE deviceID = ? AND id > ? ORDER BY id LIMIT ?
                    """), arguments: [owner.rawValue, after, limit])
            }
            var cars: [Car] = []
            cars.reserveCapacity(min(limit, 256))  // the list asks for at most 201 (CarListScreen.maximumRows + 1)
            while let row = try rows.next() {
                if let car = Self.car(from: row) { cars.append(car) }
            }
            var counts: [Body: Int] = [:]
            let bodies = try Row.fetchCursor(
                db.cachedStatement(sql: "SELECT body, count FROM carBodyCount WHERE deviceID = ?"), arguments: [owner.rawValue])
            while let row = try bodies.next() {
                if let body = Body(rawValue: row[0]) { counts[body] = row[1] }
            }
            return CarListSlice(cars: cars, countsByBody: counts)
        }
    }

    public func delete(id: Int64) async throws -> Bool {
        try await pool.write { [owner] db in
            try db.execute(sql: "DELETE FROM car WHERE id = ? AND deviceID = ?", arguments: [id, owner.rawValue])
            return db.changesCount > 0
        }
    }

    public func car(id: Int64) async throws -> Car? {
        try await pool.read { [owner] db in
            try Row.fetchOne(
                db, sql: "SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car WHERE id = ? AND deviceID = ?",
                arguments: [id, owner.rawValue]
            ).flatMap(Self.car(from:))
        }
    }

    /// One statement, scoped to the owner; `car_recounted` moves the car between body counts.
    public func update(id: Int64, with car: NewCar) async throws -> Car? {
        try await pool.write { [owner] db in
            try db.execute(
                sql: """
                    UPDATE car SET manufacturer = ?, model = ?, body = ?, yearOfIssue = ?, carNumber = ?
                    WHERE id = ? AND deviceID = ?
                    """,
                arguments: [car.manufacturer, car.model, car.body.rawValue, car.yearOfIssue, car.carNumber, id, owner.rawValue])
            return db.changesCount > 0 ? Car(id: id, car) : nil
        }
    }

    /// A row whose body is unknown to this build (written by a newer one) is skipped, not fatal.
    /// Columns in the order of every query above: id, manufacturer, model, body, yearOfIssue, carNumber.
    private static func car(from row: Row) -> Car? {
        guard let body = Body(rawValue: row[3]) else { return nil }
        return Car(id: row[0], manufacturer: row[1], model: row[2], body: body, yearOfIssue: row[4], carNumber: row[5])
    }
}
