import CompositionRoot
import Devices
import Foundation
import GitHub
import SecretSealing
import Testing

@Suite("Secret store contract (SQLite and PostgreSQL)")
struct GitHubTokenStoreContract {
    let token = "ghp_R2d2C3poR2d2C3poR2d2C3poR2d2C3poAB12"

    @Test("a stored secret reads back for its device only, survives a restart, and can be removed (GH-6)", arguments: Backend.allCases)
    func roundTrip(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let sealer = try fixture.sealer()
            try await fixture.open { stores in
                try await stores.githubTokens(.alice, sealer).set(token, forKey: "github.token")
                #expect(try await stores.githubTokens(.alice, sealer).string(forKey: "github.token") == token)
                #expect(try await stores.githubTokens(.bob, sealer).string(forKey: "github.token") == nil)
                #expect(try await stores.githubTokens(.alice, sealer).string(forKey: "other") == nil)
            }
            try await fixture.open { stores in
                let again = try fixture.sealer()
                let mine = stores.githubTokens(.alice, again)
                #expect(try await mine.string(forKey: "github.token") == token)
                try await mine.set("replaced", forKey: "github.token")
                #expect(try await mine.string(forKey: "github.token") == "replaced")
                try await mine.remove(forKey: "github.token")
                #expect(try await mine.string(forKey: "github.token") == nil)
                try await mine.remove(forKey: "github.token")
            }
            #expect(try await fixture.integer("SELECT COUNT(*) FROM deviceSecret") == 0)
        }
    }

    @Test("a sealed value moved into another device's row does not open there", arguments: Backend.allCases)
    func boundToItsRow(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let sealer = try fixture.sealer()
            try await fixture.open { stores in
                try await stores.githubTokens(.alice, sealer).set(token, forKey: "github.token")
                try await stores.githubTokens(.bob, sealer).set("other", forKey: "github.token")
            }
            // Copy Alice's ciphertext over Bob's with plain SQL, as someone holding the database could.
            try await fixture.execute("""
                UPDATE deviceSecret SET sealed = (SELECT sealed FROM deviceSecret WHERE deviceID = '\(DeviceID.alice.rawValue)')
                WHERE deviceID = '\(DeviceID.bob.rawValue)'
                """)
            try await fixture.open { (stores: Stores) async throws in
                #expect(try await stores.githubTokens(.bob, sealer).string(forKey: "github.token") == nil)
                #expect(try await stores.githubTokens(.alice, sealer).string(forKey: "github.token") == token)
            }
        }
    }

    @Test("a secret sealed under a key that was replaced reads as absent, and can be set again", arguments: Backend.allCases)
    func replacedKey(_ backend: Backend) async throws {
        try await StoreFixture.with(backend) { fixture in
            let otherKeyFolder = fixture.directory.appendingPathComponent("other-key")
            let replaced = try SecretSealer.loadOrCreate(in: otherKeyFolder)
            try await fixture.open { stores in
                try await stores.githubTokens(.alice, fixture.sealer()).set(token, forKey: "github.token")
                #expect(try await stores.githubTokens(.alice, replaced).string(forKey: "github.token") == nil)
                try await stores.githubTokens(.alice, replaced).set(token, forKey: "github.token")
                #expect(try await stores.githubTokens(.alice, replaced).string(forKey: "github.token") == token)
            }
        }
    }
}

extension StoreBackend {
    /// The owner's secrets, sealed by `sealer`, through the core's protocol only.
    func githubTokens(_ owner: DeviceID, _ sealer: SecretSealer) -> any KeyValueStorage {
        switch self {
        case .sqlite(let database): database.githubTokenStore(owner: owner, sealer: sealer)
        case .postgres(let database): database.githubTokenStore(owner: owner, sealer: sealer)
        }
    }
}
