import Cars
import Devices
import Foundation
import Persistence
import PostgresNIO

/// `CarStore` on the `car` table, seeing only the cars of one owner.
public struct PostgresCarStore: CarStore {
    let pool: PostgresPool
    public let owner: DeviceID

    /// How many cars the owner may keep (`OwnerLimits.cars`).
    let limit: Int

    /// Throws `OwnerLimitReached` when the owner has `limit` cars already. The count and the
    /// insert run in one transaction that first locks the owner's device row, so adds of one owner
    /// take turns, on every server: two racing adds cannot both see room for one more car.
    public func add(_ car: NewCar) async throws -> Car {
        let id = try await pool.write { [owner, limit, pool] connection in
            try await PostgresDeviceStore.lockForWriting(owner, on: connection, of: pool)
            return try await pool.run("""
                INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
                SELECT \(owner.rawValue), \(car.manufacturer), \(car.model), \(car.body.rawValue), \(car.yearOfIssue), \(car.carNumber)
                WHERE (SELECT count(*) FROM car WHERE deviceID = \(owner.rawValue)) < \(limit)
                RETURNING id
                """, on: connection).value(Int64.self)
        }
        guard let id else { throw OwnerLimitReached(limit: limit) }
        return Car(id: id, manufacturer: car.manufacturer, model: car.model, body: car.body, yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
    }

    public func cars(body: Body?) async throws -> [Car] {
        let rows: PostgresRows
        if let body {
            rows = try await pool.query("""
                SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car
                WHERE deviceID = \(owner.rawValue) AND body = \(body.rawValue) ORDER BY id
                """)
        } else {
            rows = try await pool.query("""
                SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car
                WHERE deviceID = \(owner.rawValue) ORDER BY id
                """)
        }
        return try await Self.cars(rows)
    }

    /// The cars and the counts in one statement, so in one snapshot: the counts are those of the
    /// cars shown. Prepared, and one round trip: this is every visit to the list.
    /// `after` nil reads from the first car: ids start at 1.
    public func listSlice(body: Body?, after: Int64?, limit: Int) async throws -> CarListSlice {
        let (after, limit) = (after ?? 0, max(limit, 0))
        let rows = if let body {
            try await pool.execute(CarListSliceOfBody(owner: owner.rawValue, body: body.rawValue, after: after, limit: limit))
        } else {
            try await pool.execute(CarListSliceOfAll(owner: owner.rawValue, after: after, limit: limit))
        }
        var cars: [Car] = []
        var counts: [Body: Int] = [:]
        for row in rows {
            switch row {
            case .car(let car): cars.append(car)
            case .count(let body, let count): counts[body] = count
            case .unknownBody: break
            }
        }
        cars.sort { $0.id < $1.id }
        return CarListSlice(cars: cars, countsByBody: counts)
    }

    public func delete(id: Int64) async throws -> Bool {
        let deleted = try await pool.query("DELETE FROM car WHERE id = \(id) AND deviceID = \(owner.rawValue) RETURNING id").values(Int64.self)
        return !deleted.isEmpty
    }

    public func car(id: Int64) async throws -> Car? {
        let rows = try await pool.query("""
            SELECT id, manufacturer, model, body, yearOfIssue, carNumber FROM car WHERE id = \(id) AND deviceID = \(owner.rawValue)
            """)
        return try await Self.cars(rows).first
    }

    /// One statement, scoped to the owner; the `car_counted` trigger moves the car between body counts.
    public func update(id: Int64, with car: NewCar) async throws -> Car? {
        let updated = try await pool.query("""
            UPDATE car SET manufacturer = \(car.manufacturer), model = \(car.model), body = \(car.body.rawValue),
                yearOfIssue = \(car.yearOfIssue), carNumber = \(car.carNumber)
            WHERE id = \(id) AND deviceID = \(owner.rawValue) RETURNING id
            """).values(Int64.self)
        return updated.isEmpty ? nil : Car(id: id, car)
    }

    /// A row whose body is unknown to this build (written by a newer one) is skipped, not fatal.
    static func cars(_ rows: some AsyncSequence<PostgresRow, any Error>) async throws -> [Car] {
        try await rows.rows((Int64, String, String, String, Int?, String?).self).compactMap { id, manufacturer, model, body, year, number in
            Body(rawValue: body).map {
                Car(id: id, manufacturer: manufacturer, model: model, body: $0, yearOfIssue: year, carNumber: number)
            }
        }
    }
}

/// What a PostgreSQL store reports when the server answers in a way the SQL rules out.
enum PostgresStoreFailure: Error, Sendable {
    /// An `INSERT … RETURNING` returned no row.
    case noRowReturned
    /// A row had fewer columns than its statement selects.
    case missingColumn
}
