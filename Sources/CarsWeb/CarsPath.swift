import Cars
import Hummingbird

/// Every URL of the Cars app: the patterns its routes register and the links its views make.
enum CarsPath {
    static let base = "/cars"
    static let newSheetPattern: RouterPath = "new"
    static let deletePattern: RouterPath = "{id}/delete"

    /// The list, filtered by `filter` (nil: all), showing at least `limit` cars.
    static func list(filter: Body?, limit: Int? = nil) -> String {
        var query: [String] = []
        if let filter { query.append("body=\(filter.rawValue)") }
        if let limit { query.append("limit=\(limit)") }
        return query.isEmpty ? base : "\(base)?\(query.joined(separator: "&"))"
    }

    /// The list with the add sheet over it.
    static func newSheet(filter: Body?) -> String {
        "\(base)/new" + (filter.map { "?body=\($0.rawValue)" } ?? "")
    }

    /// Where the add sheet posts.
    static let add = base

    static func delete(id: Int64) -> String { "\(basePrefix)\(id)/delete" }
    /// `base` and a slash, as a literal: the list writes it in front of each car's id.
    static let basePrefix: StaticString = "/cars/"
}
