import PostgresNIO

/// The foreign keys, keys and indexes of the tables `importTables` fills, taken off while the rows
/// go in and put back after, as `pg_restore` does (issue 34, item 5).
///
/// Why: with its foreign keys in place, every row `COPY` adds queues a check of the row it names,
/// run one by one when the statement ends (about 10 µs a row: 10 s of a million ticks' 23 s,
/// measured with `benchmarks/migrate_data.sh`), and every index takes each row one at a time.
/// Put back, a foreign key is checked with one join over the whole table and an index is built
/// from one sort. PostgreSQL's own switch for this (`session_replication_role`, or disabling the
/// system triggers) needs a superuser, which AppDeck's role is not. All of it happens inside the
/// import's one transaction, so a failed check (a row naming no device) undoes the copy too, and
/// nothing outside the transaction ever sees the tables without their constraints.
struct PostgresBulkLoad {
    struct Change {
        let drop: String
        let restore: String
    }

    /// Foreign keys of the tables, and foreign keys of other tables onto them (dropped first,
    /// restored last: they need the keys they name).
    let foreignKeys: [Change]
    /// Primary keys, unique constraints and plain indexes of the tables.
    let keysAndIndexes: [Change]

    /// What the catalogue says of `tables` (names as PostgreSQL keeps unquoted ones: lower case).
    static func read(tables: [String], on connection: PostgresConnection, logger: Logger) async throws -> PostgresBulkLoad {
        var foreignKeys: [Change] = []
        var keysAndIndexes: [Change] = []
        let constraints = try await connection.query("""
            SELECT contype::text, conrelid::regclass::text, quote_ident(conname), pg_get_constraintdef(oid) FROM pg_constraint
            WHERE (contype IN ('p', 'u') AND conrelid::regclass::text = ANY(\(tables)))
               OR (contype = 'f' AND (conrelid::regclass::text = ANY(\(tables)) OR confrelid::regclass::text = ANY(\(tables))))
            ORDER BY 2, 3
            """, logger: logger)
        for try await (type, table, name, definition) in constraints.decode((String, String, String, String).self) {
            let change = Change(
                drop: "ALTER TABLE \(table) DROP CONSTRAINT \(name)", restore: "ALTER TABLE \(table) ADD CONSTRAINT \(name) \(definition)")
            if type == "f" { foreignKeys.append(change) } else { keysAndIndexes.append(change) }
        }
        let indexes = try await connection.query("""
            SELECT i.indexrelid::regclass::text, pg_get_indexdef(i.indexrelid) FROM pg_index i
            WHERE i.indrelid::regclass::text = ANY(\(tables))
              AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
            ORDER BY 1
            """, logger: logger)
        for try await (name, definition) in indexes.decode((String, String).self) {
            keysAndIndexes.append(Change(drop: "DROP INDEX \(name)", restore: definition))
        }
        return PostgresBulkLoad(foreignKeys: foreignKeys, keysAndIndexes: keysAndIndexes)
    }

    func drop(on connection: PostgresConnection, logger: Logger) async throws {
        for change in foreignKeys + keysAndIndexes {
            try await connection.query(PostgresQuery(unsafeSQL: change.drop), logger: logger)
        }
    }

    func restore(on connection: PostgresConnection, logger: Logger) async throws {
        for change in keysAndIndexes + foreignKeys {
            try await connection.query(PostgresQuery(unsafeSQL: change.restore), logger: logger)
        }
    }
}
