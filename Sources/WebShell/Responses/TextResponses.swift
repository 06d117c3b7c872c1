import Foundation
import Hummingbird

/// A stylesheet made at request time (people's colours, which the CSP keeps out of inline styles).
public struct Stylesheet: ResponseGenerator {
    public let css: String
    /// Set when the CSS is a pure function of its URL, so browsers may keep it for a year.
    public let isImmutable: Bool

    public init(_ css: String, isImmutable: Bool) {
        self.css = css
        self.isImmutable = isImmutable
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "text/css; charset=utf-8", .cacheControl: isImmutable ? "public, max-age=31536000, immutable" : "no-cache"],
            body: .init(byteBuffer: ByteBuffer(string: css)))
    }
}

/// A JSON reply to a script's request; never cached.
public struct JSONReply<Value: Encodable & Sendable>: ResponseGenerator {
    public let value: Value
    public let status: HTTPResponse.Status

    public init(_ value: Value, status: HTTPResponse.Status = .ok) {
        self.value = value
        self.status = status
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        Response(
            status: status, headers: [.contentType: "application/json", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: try JSONEncoder().encode(value))))
    }
}

/// A file to save (`Content-Disposition: attachment`), personal and never stored by caches.
public struct Download: ResponseGenerator {
    public let text: String
    public let contentType: String
    public let fileName: String

    public init(_ text: String, contentType: String, fileName: String) {
        self.text = text
        self.contentType = contentType
        self.fileName = fileName
    }

    public func response(from request: Request, context: some RequestContext) -> Response {
        Response(
            status: .ok,
            headers: [.contentType: contentType, .contentDisposition: "attachment; filename=\"\(fileName)\"", .cacheControl: "private, no-store"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
