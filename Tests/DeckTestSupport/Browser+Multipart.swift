import Foundation
import HTTPTypes
import HummingbirdTesting
import Hummingbird

extension Browser {
    /// Posts a `multipart/form-data` form as a browser does: text fields (this browser's CSRF
    /// token added when `csrf`), then files as `(field, file name, bytes)`.
    @discardableResult
    public mutating func postMultipart(
        _ uri: String, fields: [(String, String)] = [], files: [(String, String, Data)], csrf: Bool = true
    ) async throws -> TestResponse {
        var fields = fields
        if csrf { fields.insert(("_csrf", try await csrfToken()), at: 0) }
        let boundary = "----AppDeckTestBoundary\(UUID().uuidString.prefix(8))"
        var body = Data()
        for (name, value) in fields {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"\r\n\r\n\(value)\r\n".utf8)
        }
        for (name, fileName, data) in files {
            body += Data("--\(boundary)\r\nContent-Disposition: form-data; name=\"\(name)\"; filename=\"\(fileName)\"\r\nContent-Type: application/octet-stream\r\n\r\n".utf8)
            body += data
            body += Data("\r\n".utf8)
        }
        body += Data("--\(boundary)--\r\n".utf8)
        return try await send(
            uri, method: .post, headers: [.contentType: "multipart/form-data; boundary=\(boundary)"], body: ByteBuffer(bytes: body))
    }
}
