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
