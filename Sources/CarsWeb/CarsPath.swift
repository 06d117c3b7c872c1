import Cars
import WebShell

/// Every route of the Cars app, declared once: the controller registers these, the views link to them.
enum CarsPath {
    /// The list (GET), and where the add sheet posts (POST).
    static let list = Route("/cars")
    static let newSheet = Route("/cars", "new")
    static let delete = Route("/cars", "{id}/delete")
    /// Where a car's edit sheet posts (issue 50).
    static let car = Route("/cars", "{id}")
    /// The list with a car's edit sheet over it, filled (issue 50).
    static let edit = Route("/cars", "{id}/edit")

    /// The list, filtered by `filter` (nil: all), from the car after `after` (nil: the first),
    /// showing `limit` cars (nil: a page).
    static func list(filter: Body?, after: Int64? = nil, limit: Int? = nil) -> String {
        list.link(query: ["body": filter?.rawValue, "after": after.map(String.init), "limit": limit.map(String.init)])
    }

    /// The list, filtered by `filter`, with the edit sheet of the car with `id` over it.
    static func edit(_ id: Int64, filter: Body?) -> String {
        edit.link(id, query: ["body": filter?.rawValue])
    }

    /// The list with the add sheet over it.
    static func newSheet(filter: Body?) -> String {
        newSheet.link(query: ["body": filter?.rawValue])
    }
}
