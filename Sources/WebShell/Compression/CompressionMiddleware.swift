import Hummingbird
import NIOCore

/// Gzips what the routes answer (pages, JSON, per-device stylesheets, SVG, CSV, text) when the
/// client accepts it (issue 34). Static assets arrive compressed already (`AssetCatalog` gzips
/// each once at start), and anything with a `Content-Encoding` is left as it is. Every answer of a
/// compressible type says `Vary: Accept-Encoding`, compressed or not, so a cache keeps both forms
/// apart. Sits inside `HeadMiddleware`, so a HEAD answer names the length a GET would send.
struct CompressionMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var response = try await next(request, context)
        guard let contentType = response.headers[.contentType], Gzip.isCompressible(contentType) else { return response }
        Self.varyOnEncoding(&response.headers)
        guard Gzip.isAccepted(by: request.headers[.acceptEncoding]),
              response.headers[.contentEncoding] == nil,
              response.status != .noContent, response.status != .notModified,
              let length = response.body.contentLength, length >= Gzip.minimumBytes
        else { return response }
        let collected = try await CollectedBody.read(response.body, capacity: length)
        let compressed = try Gzip.compress(collected)
        guard compressed.readableBytes < length else { return response.with(body: collected) }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        return response.with(body: compressed)
    }
}

extension CompressionMiddleware {
    static func varyOnEncoding(_ headers: inout HTTPFields) {
        guard let vary = headers[.vary] else {
            headers[.vary] = "Accept-Encoding"
            return
        }
        if !containsIgnoringASCIICase(vary, "accept-encoding") { headers[.vary] = vary + ", Accept-Encoding" }
    }

    /// `text` holds `lowercased` in any ASCII case, compared byte by byte (a page's `Vary` is
    /// asked on every answer, and lowercasing it made a string each time).
    static func containsIgnoringASCIICase(_ text: String, _ lowercased: StaticString) -> Bool {
        let needle = UnsafeBufferPointer(start: lowercased.utf8Start, count: lowercased.utf8CodeUnitCount)
        var text = text
        return text.withUTF8 { haystack in
            guard haystack.count >= needle.count else { return false }
            for start in 0...(haystack.count - needle.count) {
                var index = 0
                while index < needle.count, haystack[start + index] | (haystack[start + index] &- 65 < 26 ? 0x20 : 0) == needle[index] {
                    index += 1
                }
                if index == needle.count { return true }
            }
            return false
        }
    }
}

extension Response {
    fileprivate func with(body bytes: ByteBuffer) -> Response {
        var response = self
        response.body = ResponseBody(byteBuffer: bytes)
        return response
    }
}

/// A response body read into one buffer (a page is one buffer already; this copies nothing but
/// the buffer's reference then).
private final class CollectedBody: ResponseBodyWriter {
    private(set) var buffer: ByteBuffer

    private init(capacity: Int) { buffer = ByteBufferAllocator().buffer(capacity: capacity) }

    static func read(_ body: ResponseBody, capacity: Int) async throws -> ByteBuffer {
        let collector = CollectedBody(capacity: capacity)
        try await body.write(collector)
        return collector.buffer
    }

    func write(_ part: ByteBuffer) async throws {
        if buffer.readableBytes == 0 {
            buffer = part
        } else {
            var part = part
            buffer.writeBuffer(&part)
        }
    }

    func finish(_ trailingHeaders: HTTPFields?) async throws {}
}
