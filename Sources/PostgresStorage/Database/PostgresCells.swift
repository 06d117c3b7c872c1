import PostgresNIO

/// A row's cells in order, each decoded as the concrete type asked: the tuple decoder's parameter
/// packs looked type metadata up at run time for every row.
struct PostgresCells {
    private var iterator: PostgresRow.Iterator

    init(_ row: PostgresRow) {
        iterator = row.makeIterator()
    }

    mutating func next<Value: PostgresDecodable>(_ type: Value.Type) throws -> Value {
        guard let cell = iterator.next() else { throw PostgresStoreFailure.missingColumn }
        return try cell.decode(Value.self)
    }
}
