import Cars
import PostgresNIO

/// A row of the list's one statement: a car, or how many cars of one body the owner has.
enum CarListSliceRow: Sendable {
    case car(Car)
    case count(Body, Int)
    /// A car or count whose body this build does not know (written by a newer one): skipped.
    case unknownBody

    /// Columns: id, manufacturer, model, body, yearOfIssue, carNumber, count. A count row has a
    /// NULL id.
    init(_ row: PostgresRow) throws {
        var cells = PostgresCells(row)
        let id = try cells.next(Int64?.self)
        let manufacturer = try cells.next(String?.self)
        let model = try cells.next(String?.self)
        guard let body = Body(rawValue: try cells.next(String.self)) else {
            self = .unknownBody
            return
        }
        let year = try cells.next(Int?.self)
        let number = try cells.next(String?.self)
        let count = try cells.next(Int?.self)
        if let id, let manufacturer, let model {
            self = .car(Car(id: id, manufacturer: manufacturer, model: model, body: body, yearOfIssue: year, carNumber: number))
        } else {
            self = .count(body, count ?? 0)
        }
    }

    /// The owner's first cars after a cursor, by id, then the owner's counts by body. `$1` the
    /// owner, `$2` the limit, `$3` the cursor (0: from the first car), `$4` the body when filtered.
    static func sql(carsWhere filter: String) -> String {
        """
        (SELECT id, manufacturer, model, body, yearOfIssue, carNumber, NULL::bigint AS count FROM car
         WHERE \(filter) ORDER BY id LIMIT $2)
        UNION ALL
        SELECT NULL, NULL, NULL, body, NULL, NULL, count FROM carBodyCount WHERE deviceID = $1
        """
    }

    /// `$1` the owner, `$2` the limit, `$3` the cursor, `$4` the body when filtered.
    static func bindings(owner: String, after: Int64, limit: Int, body: String? = nil) -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 4)
        bindings.append(owner)
        bindings.append(limit)
        bindings.append(after)
        if let body { bindings.append(body) }
        return bindings
    }
}

/// The first `limit` cars of every body after the cursor, and the counts.
struct CarListSliceOfAll: PostgresPreparedStatement {
    static let sql = CarListSliceRow.sql(carsWhere: "deviceID = $1 AND id > $3")
    let owner: String
    let after: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { CarListSliceRow.bindings(owner: owner, after: after, limit: limit) }

    func decodeRow(_ row: PostgresRow) throws -> CarListSliceRow { try CarListSliceRow(row) }
}

/// The first `limit` cars of one body after the cursor, and the counts of every body.
struct CarListSliceOfBody: PostgresPreparedStatement {
    static let sql = CarListSliceRow.sql(carsWhere: "deviceID = $1 AND body = $4 AND id > $3")
    let owner: String
    let body: String
    let after: Int64
    let limit: Int

    func makeBindings() throws -> PostgresBindings { CarListSliceRow.bindings(owner: owner, after: after, limit: limit, body: body) }

    func decodeRow(_ row: PostgresRow) throws -> CarListSliceRow { try CarListSliceRow(row) }
}
