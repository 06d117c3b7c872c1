import Caching
import Crypto
import Foundation
import SafeMarkdown
import Synchronization

/// READMEs already made safe, by their text and links: rendering a large or hostile README costs
/// up to a second or so, and the same README is shown on every visit until it changes. Bounded by
/// count; the least recently used goes first.
final class RenderedReadmes: Sendable {
    private let cache: Mutex<LRUCache<[UInt8], SanitizedHTML>>

    init(capacity: Int = 64) {
        cache = Mutex(LRUCache(capacity: capacity))
    }

    /// The README as safe HTML, rendered once per distinct text and links.
    func html(_ markdown: String, links: ReadmeLinks) -> SanitizedHTML {
        var hasher = SHA256()
        for part in [markdown, links.linkBase?.absoluteString ?? "", links.imageBase?.absoluteString ?? "", links.imagePlaceholderLabel] {
            hasher.update(data: Data(part.utf8))
            hasher.update(data: Data([0]))
        }
        let key = Array(hasher.finalize())
        if let cached = cache.withLock({ $0.value(forKey: key) }) { return cached }
        let html = SafeMarkdown.render(markdown, links: links)
        cache.withLock { _ = $0.insert(html, forKey: key, cost: 1) }  // cost 1: the capacity counts READMEs
        return html
    }
}
