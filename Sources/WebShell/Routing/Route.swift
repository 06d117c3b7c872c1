import Hummingbird

/// One route of an app, declared once: the pattern its router registers and the links its views
/// write, both made from the same text. `Route("/cars", "{id}/delete")` registers `{id}/delete` in
/// the app's group at `/cars` and links to `/cars/5/delete`; a route without the second part is
/// the app's base itself.
public struct Route: Sendable, Hashable, CustomStringConvertible {
    /// The app's base path (`/cars`).
    public let base: String
    /// The pattern under the base (`{id}/delete`), empty for the base itself.
    public let relative: String
    /// The full pattern cut at its `{parameters}`: the literal text around each one.
    private let literals: [String]

    public init(_ base: String, _ relative: String = "") {
        precondition(base.hasPrefix("/") && !base.hasSuffix("/"), "a base is /name: \(base)")
        let pattern = relative.isEmpty ? base : "\(base)/\(relative)"
        // Links are written into pages as they are; a pattern is ours, so only URL-safe characters.
        precondition(pattern.unicodeScalars.allSatisfy { $0.isASCII && !"\"'<>& ?#".unicodeScalars.contains($0) }, "pattern: \(pattern)")
        self.base = base
        self.relative = relative
        var literals = [""]
        var inParameter = false
        for character in pattern {
            switch character {
            case "{": inParameter = true
            case "}": inParameter = false; literals.append("")
            default: if !inParameter { literals[literals.count - 1].append(character) }
            }
        }
        self.literals = literals
    }

    /// The whole pattern (`/cars/{id}/delete`).
    public var description: String { relative.isEmpty ? base : "\(base)/\(relative)" }

    /// What the app's router group at `base` registers.
    public var routerPath: RouterPath { RouterPath(relative) }

    /// The link of a route without parameters.
    public var path: String {
        precondition(literals.count == 1, "\(self) takes parameters")
        return literals[0]
    }

    /// The link with `values` in place of the parameters, in order, and `query` (pairs whose value
    /// is nil are left out) after it.
    public func link(_ values: any CustomStringConvertible..., query: KeyValuePairs<String, String?> = [:]) -> String {
        precondition(values.count == literals.count - 1, "\(self) takes \(literals.count - 1) parameters")
        var link = literals[0]
        for (value, literal) in zip(values, literals.dropFirst()) {
            link += PercentEncoding.encode(value.description, allowing: PercentEncoding.pathSegment)
            link += literal
        }
        let items = query.compactMap { key, value in value.map { (key, $0) } }
        guard !items.isEmpty else { return link }
        return link + "?" + items.map { "\($0)=\(PercentEncoding.encode($1, allowing: PercentEncoding.queryValue))" }.joined(separator: "&")
    }

    /// Writes the link for one whole-number parameter into a page: what long lists (1,000 cars,
    /// 500 photos) write per row, without making a string each time.
    public func write(_ value: Int, into writer: inout HTMLWriter) {
        precondition(literals.count == 2, "\(self) takes one parameter")
        writer.writeUnescaped(literals[0])
        writer.number(value)
        writer.writeUnescaped(literals[1])
    }
}

extension RouterGroup<AppRequestContext> {
    /// Registers `handler` for GET on `route`, which must belong to this group's base.
    @discardableResult
    public func get<Output: ResponseGenerator>(
        _ route: Route, use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Output
    ) -> Self {
        get(route.routerPath, use: handler)
    }

    /// Registers `handler` for POST on `route`, which must belong to this group's base.
    @discardableResult
    public func post<Output: ResponseGenerator>(
        _ route: Route, use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Output
    ) -> Self {
        post(route.routerPath, use: handler)
    }
}
