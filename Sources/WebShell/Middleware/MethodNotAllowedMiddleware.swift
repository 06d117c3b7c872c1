import Hummingbird

/// When no route matched a request: 405 Method Not Allowed with an `Allow` header if the path is
/// served with other methods, else 404, either way before any body is read or token checked (a
/// `DELETE` of an unknown path is a 404, not a 403 for its missing token).
struct MethodNotAllowedMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let routes: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        // The router names the endpoint before running a matched route's middleware.
        guard context.endpointPath == nil else { return try await next(request, context) }
        guard let allowed = routes.methods(forPath: request.uri.path), !allowed.contains(request.method) else {
            throw HTTPError(.notFound)
        }
        throw HTTPError(.methodNotAllowed, headers: [.allow: allowed.map(\.rawValue).joined(separator: ", ")])
    }
}

/// The methods the router answers per path pattern, read from the router once all routes are in.
struct RouteTable: Sendable {
    private struct Entry: Sendable {
        let components: [RouterPath.Element]
        /// Where a `**` matches the rest of the path, if the pattern has one.
        let restFrom: Int?
        var methods: Set<HTTPRequest.Method>

        func matches(_ segments: [Substring]) -> Bool {
            let fixed = restFrom ?? components.count
            guard restFrom == nil ? segments.count == fixed : segments.count >= fixed else { return false }
            return zip(components[..<fixed], segments).allSatisfy { $0 ~= $1 }
        }
    }

    private let entries: [Entry]

    init(_ routes: [Router<AppRequestContext>.RouteDescription]) {
        // RouterPath is not Hashable; its description names a pattern uniquely.
        var byPattern: [String: Set<HTTPRequest.Method>] = [:]
        var order: [RouterPath] = []
        for route in routes {
            if byPattern[route.path.description] == nil { order.append(route.path) }
            byPattern[route.path.description, default: []].insert(route.method)
        }
        entries = order.map { pattern in
            var methods = byPattern[pattern.description] ?? []
            if methods.contains(.get) { methods.insert(.head) }
            return Entry(
                components: pattern.components,
                restFrom: pattern.components.firstIndex { $0.description == "**" },
                methods: methods)
        }
    }

    /// The methods answered at `path`, sorted, or nil when no route matches it at all.
    func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/")
        let matching = entries.filter { $0.matches(segments) }
        guard !matching.isEmpty else { return nil }
        return matching.reduce(into: Set<HTTPRequest.Method>()) { $0.formUnion($1.methods) }.sorted { $0.rawValue < $1.rawValue }
    }
}
