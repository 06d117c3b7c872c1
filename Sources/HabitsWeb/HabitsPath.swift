import Hummingbird

/// Every URL of MyHabits: the patterns its routes register and the links its views make.
enum HabitsPath {
    static let base = "/habits"
    static let newSheetPattern: RouterPath = "new"
    static let infoPattern: RouterPath = "info"
    static let exportPattern: RouterPath = "export.csv"
    static let colorsPattern: RouterPath = "colors.css"
    static let detailsPattern: RouterPath = "{id}"
    static let editPattern: RouterPath = "{id}/edit"
    static let deletePattern: RouterPath = "{id}/delete"
    static let trackPattern: RouterPath = "{id}/track"
    static let untrackPattern: RouterPath = "{id}/untrack"

    static let list = base
    /// `base` and a slash, as a literal: the list writes it in front of each habit's id.
    static let basePrefix: StaticString = "/habits/"
    static let newSheet = "\(base)/new"
    static let info = "\(base)/info"
    static let export = "\(base)/export.csv"
    static let colors = "\(base)/colors.css"
    static let manifest = "\(base)/manifest.webmanifest"

    static func details(_ id: Int64, limit: Int? = nil) -> String {
        "\(base)/\(id)" + (limit.map { "?limit=\($0)" } ?? "")
    }

    static func edit(_ id: Int64) -> String { "\(base)/\(id)/edit" }
    static func delete(_ id: Int64) -> String { "\(base)/\(id)/delete" }

    /// Where the circle posts: track when not tracked today, else untrack.
    static func trackAction(_ id: Int64, isTracked: Bool) -> String {
        "\(base)/\(id)/\(isTracked ? "untrack" : "track")"
    }
}
