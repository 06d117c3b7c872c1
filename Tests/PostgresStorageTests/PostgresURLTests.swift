import Foundation
import PostgresStorage
import Testing

@Suite("PostgresURL")
struct PostgresURLTests {
    let secret = "s3cr%3At!pw"  // percent-encoded "s3cr:t!pw"

    @Test("a full URL gives every part; the password is percent-decoded and kept")
    func fullURL() throws {
        let url = try PostgresURL("postgres://deck:\(secret)@db.example.org:6543/appdeck?sslmode=require")
        #expect(url.host == "db.example.org")
        #expect(url.port == 6543)
        #expect(url.user == "deck")
        #expect(url.database == "appdeck")
        #expect(url.sslMode == .require)
        #expect(url == PostgresURL(host: "db.example.org", port: 6543, user: "deck", password: "s3cr:t!pw", database: "appdeck", sslMode: .require))
    }

    @Test("the port defaults to 5432 and sslmode to prefer; postgresql:// is the same scheme")
    func defaults() throws {
        let url = try PostgresURL("postgresql://deck@127.0.0.1/appdeck")
        #expect(url.port == 5432)
        #expect(url.sslMode == .prefer)
        #expect(try PostgresURL("postgres://deck:pw@127.0.0.1/appdeck?sslmode=disable").sslMode == .disable)
    }

    @Test("what is not a usable URL is refused with the reason", arguments: [
        ("mysql://deck:pw@host/appdeck", PostgresURL.Invalid.scheme),
        ("postgres://deck:pw@/appdeck", .missingHost),
        ("postgres://host/appdeck", .missingUser),
        ("postgres://deck:pw@host", .missingDatabase),
        ("postgres://deck:pw@host/", .missingDatabase),
        ("postgres://deck:pw@host:0/appdeck", .port),
        ("postgres://deck:pw@host/appdeck?sslmode=verify-full", .sslMode("verify-full")),
        ("postgres://deck:pw@host/appdeck?timeout=3", .unknownParameter("timeout")),
    ])
    func refused(_ text: String, _ reason: PostgresURL.Invalid) {
        #expect(throws: reason) { try PostgresURL(text) }
    }

    @Test("the password shows nowhere: not in the description, a dump, or any refusal")
    func passwordNeverShown() throws {
        let url = try PostgresURL("postgres://deck:\(secret)@db.example.org/appdeck")
        #expect(url.description == "postgres://deck:***@db.example.org:5432/appdeck?sslmode=prefer")
        var dumped = ""
        dump(url, to: &dumped)
        for shown in [url.description, String(reflecting: url), dumped, "\(url)"] {
            #expect(!shown.contains("s3cr"), "\(shown)")
        }
        for text in ["postgres://deck:\(secret)@db.example.org:0/appdeck", "postgres://deck:\(secret)@db.example.org/a?sslmode=on",
                     "postgres://deck:\(secret)@db.example.org/a?s3cr=1", "mysql://deck:\(secret)@db/a", "postgres://deck:\(secret)@db.example.org"] {
            do {
                _ = try PostgresURL(text)
                Issue.record("\(text) was accepted")
            } catch {
                #expect(!String(describing: error).contains("t!pw"), "\(error)")
            }
        }
    }
}
