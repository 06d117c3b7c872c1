import PostgresNIO

extension PostgresAppDatabase {
    /// Servers started with other keys than the ones the database has seen (issue 26).
    public struct KeyMismatch: Error, CustomStringConvertible {
        /// The key files whose fingerprints differ from the recorded ones.
        public let names: [String]

        public var description: String {
            let files = names.joined(separator: " and ")
            return """
                The keys in --key-dir (\(files)) are not the ones this database was used with: every server on one \
                database must read the same key files, or its cookies and sealed tokens would not open on the others \
                (nor its browsers' push subscriptions take the others' reminders). \
                Give this server a copy of the other servers' key folder. (If the keys were replaced on purpose, \
                delete the old fingerprints first: DELETE FROM keyFingerprint.)
                """
        }
    }

    /// Records `fingerprints` (key file name → HMAC fingerprint, never the key) the first time the
    /// database sees each name, and throws `KeyMismatch` naming every key whose recorded
    /// fingerprint differs. Servers starting together agree: the first insert wins, the others
    /// compare with it.
    public func checkKeyFingerprints(_ fingerprints: [String: String]) async throws {
        let recorded = try await pool.write { [logger = pool.logger] connection in
            for (name, fingerprint) in fingerprints.sorted(by: { $0.key < $1.key }) {
                try await connection.query("""
                    INSERT INTO keyFingerprint (name, fingerprint, recordedAt) VALUES (\(name), \(fingerprint), now())
                    ON CONFLICT (name) DO NOTHING
                    """, logger: logger)
            }
            return try await connection.query("SELECT name, fingerprint FROM keyFingerprint", logger: logger).rows((String, String).self)
        }
        let differing = recorded.filter { name, fingerprint in fingerprints[name].map { $0 != fingerprint } ?? false }.map(\.0).sorted()
        if !differing.isEmpty { throw KeyMismatch(names: differing) }
    }
}
