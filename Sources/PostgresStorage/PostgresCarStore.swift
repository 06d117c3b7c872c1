import Cars
import Devices
import Foundation
import PostgresNIO

/// `CarStore` on the `car` table, seeing only the cars of one owner.
public struct PostgresCarStore: CarStore {
    let pool: PostgresPool
    public let owner: DeviceID

    /// The device row and the car in one statement: the car's foreign key sees the device the
    /// same statement made.
    public func add(_ car: NewCar) async throws -> Car {
        let id = try await pool.query("""
            WITH owner AS (
                INSERT INTO device (id, createdAt) VALUES (\(owner.rawValue), \(Date())) ON CONFLICT (id) DO NOTHING
            )
            INSERT INTO car (deviceID, manufacturer, model, body, yearOfIssue, carNumber)
            VALUES (\(owner.rawValue), \(car.manufacturer), \(car.model), \(car.body.rawValue), \(car.yearOfIssue), \(car.carNumber))
            RETURNING id
            """).value(Int64.self)
        guard let id else { throw PostgresStoreFailure.noRowReturned }
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
    public func listSlice(body: Body?, limit: Int) async throws -> CarListSlice {
        let rows = if let body {
            try await pool.execute(CarListSliceOfBody(owner: owner.rawValue, body: body.rawValue, limit: max(limit, 0)))
        } else {
            try await pool.execute(CarListSliceOfAll(owner: owner.rawValue, limit: max(limit, 0)))
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

    /// A row whose body is unknown to this build (written by a newer one) is skipped, not fatal.
    private static func cars(_ rows: some AsyncSequence<PostgresRow, any Error>) async throws -> [Car] {
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
