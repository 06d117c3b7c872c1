import Caching
import Crypto
import Foundation
import SafeMarkdown
import Synchronization

/// READMEs already made safe, by their text and links: rendering a large or hostile README costs
/// up to a second or so, and the same README is shown on every visit until it changes. Bounded by
/// the bytes of the HTML kept (a count let 70 large READMEs take 250 MB); the least recently used
/// goes first, and one larger than `entryBytes` is rendered every time rather than kept.
final class RenderedReadmes: Sendable {
    private let cache: Mutex<LRUCache<[UInt8], SanitizedHTML>>
    let entryBytes: Int

    init(capacityBytes: Int = 16 << 20, entryBytes: Int = 2 << 20) {
        cache = Mutex(LRUCache(capacity: capacityBytes))
        self.entryBytes = min(entryBytes, capacityBytes)
    }

    /// The bytes of HTML kept now.
    var keptBytes: Int { cache.withLock { $0.totalCost } }

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
        let bytes = html.markup.utf8.count
        if bytes <= entryBytes { cache.withLock { _ = $0.insert(html, forKey: key, cost: bytes) } }
        return html
    }
}
