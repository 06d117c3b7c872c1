import Devices
import Foundation
import PostgresStorage
import PostgresTestSupport
import SecretSealing
import Testing

@Suite("PostgreSQL secrets at rest")
struct PostgresSecretsAtRestTests {
    let token = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3poAB12"

    @Test("the database holds only ciphertext: no stored secret's bytes, whole or in part")
    func onlyCiphertext() async throws {
        let keyFolder = FileManager.default.temporaryDirectory.appendingPathComponent("pg-sealer-\(UUID())")
        defer { try? FileManager.default.removeItem(at: keyFolder) }
        let sealer = try SecretSealer.loadOrCreate(in: keyFolder)
        let device = DeviceID("0123456789abcdef0123456789abcdef")!
        try await TestPostgres.withDatabase { url in
            try await TestPostgres.withMigrated(url) { database in
                try await database.githubTokenStore(owner: device, sealer: sealer).set(token, forKey: "github.token")
            }
            #expect(try await TestPostgres.integer("SELECT COUNT(*) FROM deviceSecret", on: url) == 1)
            for part in [token, "R2d2C3po"] {
                let holding = try await TestPostgres.integer(
                    "SELECT COUNT(*) FROM deviceSecret WHERE position(convert_to('\(part)', 'UTF8') IN sealed) > 0", on: url)
                #expect(holding == 0, "a row holds \(part)")
            }
        }
    }
}
