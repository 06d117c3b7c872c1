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
        let pattern: RouterPath
        var methods: [HTTPRequest.Method]
        /// Where a `**` matches the rest of the path, if the pattern has one.
        var restFrom: Int? { pattern.components.firstIndex { $0.description == "**" } }
    }

    private let entries: [Entry]

    init(_ routes: [Router<AppRequestContext>.RouteDescription]) {
        var entries: [Entry] = []
        for route in routes {
            if let index = entries.firstIndex(where: { $0.pattern == route.path }) {
                entries[index].methods.append(route.method)
            } else {
                entries.append(Entry(pattern: route.path, methods: [route.method]))
            }
        }
        self.entries = entries.map { entry in
            var methods = entry.methods
            if methods.contains(.get), !methods.contains(.head) { methods.append(.head) }
            return Entry(pattern: entry.pattern, methods: methods.sorted { $0.rawValue < $1.rawValue })
        }
        self.restFrom = self.entries.map(\.restFrom)
    }

    private let restFrom: [Int?]

    /// The methods answered at `path`, or nil when no route matches it at all.
    func methods(forPath path: String) -> [HTTPRequest.Method]? {
        let segments = path.split(separator: "/", omittingEmptySubsequences: true)
        var found: [HTTPRequest.Method]?
        for (entry, restFrom) in zip(entries, restFrom) where Self.matches(entry.pattern, restFrom: restFrom, segments) {
            found = (found ?? []) + entry.methods.filter { !(found ?? []).contains($0) }
        }
        return found
    }

    private static func matches(_ pattern: RouterPath, restFrom: Int?, _ segments: [Substring]) -> Bool {
        let components = pattern.components
        let fixed = restFrom ?? components.count
        guard restFrom == nil ? segments.count == fixed : segments.count >= fixed else { return false }
        for index in 0..<fixed where !(components[index] ~= segments[index]) { return false }
        return true
    }
}
