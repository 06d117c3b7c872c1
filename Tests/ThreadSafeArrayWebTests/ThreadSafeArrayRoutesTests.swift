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

    @Test("Run the Demo lands on its result: the form's answer opens at the result's fragment, which takes focus (issue 50)")
    func resultInPlace() async throws {
        try await TestDeck().run { client in
            let plain = try await client.execute(uri: "/thread-safe-array", method: .get).text
            #expect(plain.contains(#"<form class="list-section__footer run-demo" method="get" action="/thread-safe-array#tsa-result">"#))
            #expect(plain.contains(#"<button class="button button--filled" type="submit" name="run" value="1">Run the Demo</button>"#))
            #expect(!plain.contains(#"id="tsa-result""#))
            #expect(plain.contains("js/thread-safe-array"), "the script that shows the result in place")
            let run = try await client.execute(uri: "/thread-safe-array?run=1", method: .get).text
            #expect(run.contains(#"<section class="list-section tsa-result" id="tsa-result" tabindex="-1" aria-labelledby="tsa-result-title" aria-live="polite"><h2 class="list-section__header" id="tsa-result-title">Result</h2>"#))
            let result = try #require(run.range(of: #"id="tsa-result""#))
            let count = try #require(run.range(of: #"id="tsa-count">Count: 2002<"#))
            #expect(result.lowerBound < count.lowerBound, "the count is inside the section the fragment names")
        }
    }
}
