import Foundation
import Hummingbird
import Localization
import Synchronization

/// A page whose markup depends on nothing a request brings but its language (and whether it was
/// chosen), its reported zone, how it arrives, and the forms' CSRF token: rendered once per such
/// request and kept, then written with each request's token in its places (issue 47: the home
/// screen built and freed about 100 elements a request). One memo per screen of one deck, so the
/// assets and the screen's own values are fixed.
public final class PageMemo: Sendable {
    private struct Key: Hashable {
        let language: Language
        let languageIsChosen: Bool
        let reportedTimeZone: String?
        let arrivesFromSameOrigin: Bool
    }

    /// A page cut where its token goes, and the same pieces gzipped (nil if zlib failed: such a
    /// page is compressed per request as any other).
    private struct Pieces: Sendable {
        let status: HTTPResponse.Status
        let pieces: [[UInt8]]
        let count: Int
        let gzipped: GzipPieces?
    }

    /// Stands for the token while a page is rendered: no page's own text holds it.
    private let marker = "csrf-" + UUID().uuidString.lowercased()
    private let pages = Mutex<[Key: Pieces]>([:])
    /// Languages × chosen or not × zones × arrivals: a few dozen in practice.
    private let capacity: Int

    public init(capacity: Int = 256) {
        self.capacity = capacity
    }

    /// The page `render` draws for `page`, from the memo when it holds one for the same request;
    /// gzipped when `gzip` (the request accepts it), joined from pieces compressed once.
    public func page(_ page: PageContext, gzip: Bool = false, render: (PageContext) -> HTMLPage) -> HTMLPage {
        let key = Key(
            language: page.language, languageIsChosen: page.languageIsChosen, reportedTimeZone: page.reportedTimeZone,
            arrivesFromSameOrigin: page.arrivesFromSameOrigin)
        let kept = pages.withLock { $0[key] } ?? remember(key, render(stand(in: page)))
        let token = page.csrfToken
        if gzip, kept.count >= Gzip.minimumBytes, let gzipped = kept.gzipped {
            var escaped = HTMLWriter(capacity: token.utf8.count + 64)
            escaped.escape(token)
            return HTMLPage(status: kept.status, body: gzipped.joined(with: escaped.bytes), contentEncoding: "gzip")
        }
        let body = PageBuffers.page(expectedBytes: kept.count + (kept.pieces.count - 1) * token.utf8.count) { writer in
            for (index, piece) in kept.pieces.enumerated() {
                if index > 0 { writer.escape(token) }
                piece.withUnsafeBufferPointer { writer.append($0) }
            }
        }
        return HTMLPage(status: kept.status, body: body)
    }

    private func stand(in page: PageContext) -> PageContext {
        PageContext(
            catalogue: page.catalogue, language: page.language, languageIsChosen: page.languageIsChosen, csrfToken: marker,
            assets: page.assets, reportedTimeZone: page.reportedTimeZone, arrivesFromSameOrigin: page.arrivesFromSameOrigin)
    }

    private func remember(_ key: Key, _ rendered: HTMLPage) -> Pieces {
        let bytes = rendered.body.readableBytesView
        let marker = Array(self.marker.utf8)
        var pieces: [[UInt8]] = []
        var start = bytes.startIndex
        var index = start
        while index <= bytes.endIndex - marker.count {
            if bytes[index] == marker[0], bytes[index..<(index + marker.count)].elementsEqual(marker) {
                pieces.append(Array(bytes[start..<index]))
                index += marker.count
                start = index
            } else {
                index += 1
            }
        }
        pieces.append(Array(bytes[start..<bytes.endIndex]))
        let kept = Pieces(
            status: rendered.status, pieces: pieces, count: bytes.count, gzipped: try? GzipPieces(pieces: pieces))
        pages.withLock { pages in
            if pages.count >= capacity { pages.removeAll(keepingCapacity: true) }
            pages[key] = kept
        }
        return kept
    }
}
