import Caching
import Crypto
import Foundation
import SafeMarkdown
import Synchronization

/// READMEs already made safe, by their text and links (GH-3): the same README is shown on every
/// visit until it changes. Bounded by count; the least recently used goes first.
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

    init(capacity: Int = 64, renderer: @escaping Renderer = SafeMarkdown.render) {
        state = Mutex(State(cache: LRUCache(capacity: capacity)))
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
        state.withLock { state in
            state.waiting -= 1
            if state.inFlight.removeValue(forKey: key) != nil {
                _ = state.cache.insert(html, forKey: key, cost: 1)  // cost 1: the capacity counts READMEs
            }
        }
        return html
    }

    /// How many requests are waiting for a render now (for tests).
    var waitingCount: Int { state.withLock { $0.waiting } }

    private static func key(_ markdown: String, _ links: ReadmeLinks) -> [UInt8] {
        var hasher = SHA256()
        for part in [markdown, links.linkBase?.absoluteString ?? "", links.imageBase?.absoluteString ?? "", links.imagePlaceholderLabel] {
            hasher.update(data: Data(part.utf8))
            hasher.update(data: Data([0]))
        }
        return Array(hasher.finalize())
    }
}
