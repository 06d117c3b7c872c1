import Caching
import Crypto
import Foundation
import SafeMarkdown
import Synchronization

/// READMEs already made safe, by their text and links (GH-3): the same README is shown on every
/// visit until it changes. Bounded by the bytes of the HTML kept (a count let 70 large READMEs
/// take 250 MB); the least recently used goes first, and one larger than `entryBytes` is
/// rendered every time rather than kept.
///
/// Requests that ask for a README while it is being rendered wait for that one render instead of
/// starting their own, so ten people opening a large README at once cost one render.
final class RenderedReadmes: Sendable {
    typealias Renderer = @Sendable (String, ReadmeLinks) -> SanitizedHTML

    private struct State {
        var cache: LRUCache<[UInt8], SanitizedHTML>
        var inFlight: [[UInt8]: Task<SanitizedHTML, Never>] = [:]
        var waiting = 0
    }

    private enum Lookup {
        case cached(SanitizedHTML)
        case rendering(Task<SanitizedHTML, Never>)
    }

    private let state: Mutex<State>
    private let renderer: Renderer
    let entryBytes: Int

    init(capacityBytes: Int = 16 << 20, entryBytes: Int = 2 << 20, renderer: @escaping Renderer = SafeMarkdown.render) {
        state = Mutex(State(cache: LRUCache(capacity: capacityBytes)))
        self.entryBytes = min(entryBytes, capacityBytes)
        self.renderer = renderer
    }

    /// The README as safe HTML, rendered once per distinct text and links.
    func html(_ markdown: String, links: ReadmeLinks) async -> SanitizedHTML {
        let key = Self.key(markdown, links)
        let renderer = renderer
        let lookup = state.withLock { state -> Lookup in
            if let cached = state.cache.value(forKey: key) { return .cached(cached) }
            state.waiting += 1
            if let running = state.inFlight[key] { return .rendering(running) }
            let started = Task { renderer(markdown, links) }
            state.inFlight[key] = started
            return .rendering(started)
        }
        let render: Task<SanitizedHTML, Never>
        switch lookup {
        case .cached(let cached): return cached
        case .rendering(let running): render = running
        }
        let html = await render.value
        let bytes = html.markup.utf8.count
        state.withLock { state in
            state.waiting -= 1
            if state.inFlight.removeValue(forKey: key) != nil, bytes <= entryBytes {
                _ = state.cache.insert(html, forKey: key, cost: bytes)
            }
        }
        return html
    }

    /// How many requests are waiting for a render now (for tests).
    var waitingCount: Int { state.withLock { $0.waiting } }

    /// The bytes of HTML kept now.
    var keptBytes: Int { state.withLock { $0.cache.totalCost } }

    private static func key(_ markdown: String, _ links: ReadmeLinks) -> [UInt8] {
        var hasher = SHA256()
        let folders = links.folderLinks.map { [$0.fileRoot, $0.folderRoot] + $0.folders.sorted() } ?? []
        for part in [markdown, links.linkBase?.absoluteString ?? "", links.imageBase?.absoluteString ?? "", links.imagePlaceholderLabel] + folders {
            hasher.update(data: Data(part.utf8))
            hasher.update(data: Data([0]))
        }
        return Array(hasher.finalize())
    }
}
