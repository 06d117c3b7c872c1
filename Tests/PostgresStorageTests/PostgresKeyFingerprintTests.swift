import PostgresStorage
import PostgresTestSupport
import Testing

@Suite("Key fingerprints on a shared database (issue 26)")
struct PostgresKeyFingerprintTests {
    static let keys = ["csrf.key": String(repeating: "a1", count: 32), "secrets.key": String(repeating: "b2", count: 32)]

    @Test("the first server records the fingerprints; a server with the same keys starts, one with another key is refused, naming it")
    func sameKeysOnly() async throws {
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                try await database.checkKeyFingerprints(Self.keys)
                try await database.checkKeyFingerprints(Self.keys)
                var other = Self.keys
                other["secrets.key"] = String(repeating: "c3", count: 32)
                let refused = await #expect(throws: PostgresAppDatabase.KeyMismatch.self) {
                    try await database.checkKeyFingerprints(other)
                }
                #expect(refused?.names == ["secrets.key"])
                #expect(refused?.description.contains("secrets.key") == true)
            }
            // Only fingerprints are stored, and a refused server recorded nothing of its own.
            #expect(try await TestPostgres.integer("SELECT COUNT(*) FROM keyFingerprint", on: url) == 2)
            #expect(try await TestPostgres.integer(
                "SELECT COUNT(*) FROM keyFingerprint WHERE fingerprint = '\(String(repeating: "b2", count: 32))'", on: url) == 1)
        }
    }

    @Test("servers starting together with different keys: exactly the ones agreeing with the first recorded start")
    func startingTogether() async throws {
        try await TestPostgres.withDatabase { url in
            let variants = (0..<4).map { index in ["csrf.key": String(repeating: "0\(index % 2)", count: 32)] }
            let outcomes = try await withThrowingTaskGroup(of: (Int, Bool).self) { group in
                for (index, keys) in variants.enumerated() {
                    group.addTask {
                        try await TestPostgres.withMigrated(url, poolSize: 1) { database in
                            do {
                                try await database.checkKeyFingerprints(keys)
                                return (index, true)
                            } catch is PostgresAppDatabase.KeyMismatch {
                                return (index, false)
                            }
                        }
                    }
                }
                return try await group.reduce(into: [Int: Bool]()) { $0[$1.0] = $1.1 }
            }
            let started = Set(outcomes.filter(\.value).map { $0.key % 2 })
            #expect(started.count == 1)
            #expect(outcomes.values.filter { $0 }.count == 2)
        }
    }
}
