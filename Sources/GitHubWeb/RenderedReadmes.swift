import Crypto
import Foundation
import SafeMarkdown
import Synchronization

/// READMEs already made safe, by their text and links: rendering a large or hostile README costs
/// up to a second or so, and the same README is shown on every visit until it changes. Bounded by
/// count; the least recently used goes first.
final class RenderedReadmes: Sendable {
    private struct Entry: Sendable {
        let html: SanitizedHTML
        var lastUse: UInt64
    }

    private struct State: Sendable {
        var entries: [[UInt8]: Entry] = [:]
        var clock: UInt64 = 0
    }

    private let capacity: Int
    private let state = Mutex(State())

    init(capacity: Int = 64) {
        self.capacity = capacity
    }

    /// The README as safe HTML, rendered once per distinct text and links.
    func html(_ markdown: String, links: ReadmeLinks) -> SanitizedHTML {
        var hasher = SHA256()
        for part in [markdown, links.linkBase?.absoluteString ?? "", links.imageBase?.absoluteString ?? "", links.imagePlaceholderLabel] {
            hasher.update(data: Data(part.utf8))
            hasher.update(data: Data([0]))
        }
        let key = Array(hasher.finalize())
        if let cached = state.withLock({ state -> SanitizedHTML? in
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return state.entries[key]?.html
        }) {
            return cached
        }
        let html = SafeMarkdown.render(markdown, links: links)
        state.withLock { state in
            state.clock += 1
            state.entries[key] = Entry(html: html, lastUse: state.clock)
            if state.entries.count > capacity, let oldest = state.entries.min(by: { $0.value.lastUse < $1.value.lastUse })?.key {
                state.entries.removeValue(forKey: oldest)
            }
        }
        return html
    }
}
