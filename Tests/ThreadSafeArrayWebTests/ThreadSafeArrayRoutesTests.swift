import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Thread-safe array page")
struct ThreadSafeArrayPageTests {
    @Test("the page explains the type and runs the demo on request", arguments: StoreKind.allCases)
    func demo(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            let plain = try await client.execute(uri: "/thread-safe-array", method: .get)
            #expect(plain.status == .ok)
            #expect(!plain.text.contains("tsa-count"))
            let run = try await client.execute(uri: "/thread-safe-array?run=1", method: .get)
            #expect(run.text.contains(#"id="tsa-count">Count: 2002<"#))
            #expect(run.text.range(of: #"Took [0-9]+\.[0-9]{2} ms"#, options: .regularExpression) != nil)
        }
    }
}
