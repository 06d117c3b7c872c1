@testable import CodeHighlighting
import Testing

/// Issue 49: pages highlight off NIO's event loops and Swift's cooperative pool, a bounded number
/// of files at once.
@Suite("Highlighting from async code")
struct AsyncHighlightingTests {
    @Test("the async API gives what the blocking one gives")
    func sameResult() async throws {
        let highlighter = SyntaxHighlighter(limits: HighlightLimits(timeBudget: .seconds(60)))
        let source = "func f() -> Int { return 42 } // answer\n"
        let viaAsync = try await highlighter.highlight(source, fileName: "a.swift")
        #expect(viaAsync == (try highlighter.highlightBlocking(source, fileName: "a.swift")))
        #expect(viaAsync.lines[0].segments.contains(.init(text: "42", tokenClass: .number)))
    }

    @Test("many files at once all come back, highlighted in parallel on the lanes")
    func manyAtOnce() async throws {
        let highlighter = SyntaxHighlighter(limits: HighlightLimits(timeBudget: .seconds(60)), lanes: 2)
        let files = try await withThrowingTaskGroup(of: (Int, HighlightedFile).self) { group in
            for index in 0..<12 {
                group.addTask {
                    let source = (0..<200).map { "let v\($0) = \"\(index)\"" }.joined(separator: "\n")
                    return (index, try await highlighter.highlight(source, fileName: index.isMultiple(of: 2) ? "a.swift" : "a.rs"))
                }
            }
            return try await group.reduce(into: [:]) { $0[$1.0] = $1.1 }
        }
        #expect(files.count == 12)
        for (index, file) in files {
            #expect(file.lines.count == 200)
            #expect(file.lines[199].segments.contains(.init(text: "\"\(index)\"", tokenClass: .string)))
        }
    }

    @Test("lanes: holders up to the count, then waiters in order; a cancelled waiter stops waiting")
    func lanes() async throws {
        let lanes = HighlightLanes(count: 1)
        try await lanes.enter()
        #expect(lanes.freeCount == 0)
        let waiting = Task { try await lanes.enter() }
        let cancelled = Task { try await lanes.enter() }
        cancelled.cancel()
        await #expect(throws: CancellationError.self) { try await cancelled.value }
        lanes.leave()  // to `waiting`
        try await waiting.value
        #expect(lanes.freeCount == 0)
        lanes.leave()
        #expect(lanes.freeCount == 1)
    }
}
