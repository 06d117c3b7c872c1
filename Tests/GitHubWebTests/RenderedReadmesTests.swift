import Foundation
import SafeMarkdown
import Synchronization
import Testing
@testable import GitHubWeb

@Suite("Rendered READMEs")
struct RenderedReadmesTests {
    /// A renderer that counts its calls and holds every render until the test opens the gate.
    final class GatedRenderer: Sendable {
        let calls = Atomic<Int>(0)
        let isOpen = Atomic<Bool>(false)

        func render(_ markdown: String, _ links: ReadmeLinks) -> SanitizedHTML {
            calls.add(1, ordering: .relaxed)
            while !isOpen.load(ordering: .acquiring) { Thread.sleep(forTimeInterval: 0.002) }
            return SafeMarkdown.render(markdown, links: links)
        }
    }

    @Test func concurrentRequestsForOneReadmeRenderItOnce() async throws {
        let renderer = GatedRenderer()
        let readmes = RenderedReadmes(renderer: renderer.render)
        let requests = 10
        let results = await withTaskGroup(of: SanitizedHTML.self) { group in
            for _ in 0..<requests {
                group.addTask { await readmes.html("# Big\n\ntext", links: ReadmeLinks()) }
            }
            while readmes.waitingCount < requests { try? await Task.sleep(for: .milliseconds(5)) }
            renderer.isOpen.store(true, ordering: .releasing)
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(renderer.calls.load(ordering: .relaxed) == 1)
        #expect(results.count == requests)
        #expect(Set(results) == [SafeMarkdown.render("# Big\n\ntext", links: ReadmeLinks())])
        #expect(readmes.waitingCount == 0)
    }

    @Test func aRenderedReadmeIsServedFromTheCache() async {
        let renderer = GatedRenderer()
        renderer.isOpen.store(true, ordering: .releasing)
        let readmes = RenderedReadmes(renderer: renderer.render)
        _ = await readmes.html("one", links: ReadmeLinks())
        _ = await readmes.html("one", links: ReadmeLinks())
        _ = await readmes.html("two", links: ReadmeLinks())
        #expect(renderer.calls.load(ordering: .relaxed) == 2)
    }
}
