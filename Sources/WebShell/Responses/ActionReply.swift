import Hummingbird

extension Request {
    /// Whether a page's script sent this, asking for JSON to update the page in place; a plain form
    /// post (no script, or the script not loaded yet) asks for a page. Decided here only.
    public var wantsJSON: Bool { headers[.accept]?.contains("application/json") == true }
}

/// What a state-changing post answers: the page's script gets JSON, a plain form post gets See
/// Other to the screen that shows the change. The JSON is made only when it is asked for.
public struct ActionReply<Value: Encodable & Sendable>: ResponseGenerator {
    private enum Answer {
        case json(Value)
        case seeOther(String)
    }

    private let answer: Answer

    public init(to request: Request, seeOther location: String, json: () async throws -> Value) async rethrows {
        answer = request.wantsJSON ? .json(try await json()) : .seeOther(location)
    }

    public func response(from request: Request, context: some RequestContext) throws -> Response {
        switch answer {
        case .json(let value): try JSONReply(value).response(from: request, context: context)
        case .seeOther(let location): SeeOther(location).response(from: request, context: context)
        }
    }
}
