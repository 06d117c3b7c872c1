import Foundation
import Hummingbird

extension AppRequestContext {
    /// The request's url-encoded form as `Form`, a `Decodable` struct whose fields are optional
    /// (a field a browser leaves out is nil, not an error). A body that is not a form is 400.
    public func decodeForm<Form: Decodable>(_ type: Form.Type) throws -> Form {
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: formBody)
        } catch {
            throw HTTPError(.badRequest)
        }
    }
}

extension AppRequestContext {
    /// The file a multipart form sent as `name`, nil when the body was no multipart form or has none.
    public func uploadedFile(_ name: String) -> UploadedFile? { multipart?.files[name] }

    /// A text field of a multipart form, whatever its length (the url-encoded form keeps short ones only).
    public func multipartField(_ name: String) -> String? { multipart?.fields[name] }
}

/// `application/x-www-form-urlencoded` as browsers write it.
enum FormEncoding {
    static func encode(_ fields: [String: String]) -> String {
        fields.sorted { $0.key < $1.key }.map { "\(escape($0.key))=\(escape($0.value))" }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(charactersIn: "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-._*")

    private static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? ""
    }
}
