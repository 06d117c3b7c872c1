import Habits
import WebShell

/// Every route of MyHabits, declared once: the controller registers these, the views link to them.
enum HabitsPath {
    /// The list (GET), and where the new-habit sheet posts (POST).
    static let list = Route("/habits")
    static let newSheet = Route("/habits", "new")
    static let info = Route("/habits", "info")
    static let export = Route("/habits", "export.csv")
    static let colors = Route("/habits", "colors.css")
    /// The list with its "…" menu open (issue 48): Order and archive, Archived, Import, Export.
    static let menu = Route("/habits", "menu")
    /// How many habits are still due today, for the service worker's app badge (issue 48).
    static let due = Route("/habits", "due.json")
    /// The import screen (GET) and where its file goes (POST, multipart): the preview (issue 36).
    static let importFile = Route("/habits", "import")
    /// The preview's confirmation (POST, multipart), and the result it leads to (GET).
    static let importConfirm = Route("/habits", "import/confirm")
    static let importResult = Route("/habits", "import/result")
    /// A habit's details (GET), and where its edit sheet posts (POST).
    static let details = Route("/habits", "{id}")
    static let edit = Route("/habits", "{id}/edit")
    static let delete = Route("/habits", "{id}/delete")
    static let track = Route("/habits", "{id}/track")
    static let untrack = Route("/habits", "{id}/untrack")
    /// A day's sheet (GET, `?on=YYYY-MM-DD`) and where it posts (issue 48).
    static let day = Route("/habits", "{id}/day")
    /// Archive and order (issue 38): the Order and Archived screens (GET) and what their buttons post.
    static let order = Route("/habits", "order")
    static let archived = Route("/habits", "archived")
    static let archive = Route("/habits", "{id}/archive")
    static let restore = Route("/habits", "{id}/restore")
    static let move = Route("/habits", "{id}/move")

    /// The list from the habit after `after` (nil: the first), showing `limit` habits (nil: a page).
    static func list(after: Int64?, limit: Int?) -> String {
        list.link(query: ["after": after.map(String.init), "limit": limit.map(String.init)])
    }

    static func details(_ id: Int64, limit: Int? = nil) -> String {
        details.link(id, query: ["limit": limit.map(String.init)])
    }

    static func day(_ id: Int64, _ day: CalendarDay) -> String {
        Self.day.link(id, query: ["on": day.iso])
    }

    /// Where the circle posts: track when not tracked today, else untrack.
    static func trackAction(_ id: Int64, isTracked: Bool) -> String {
        (isTracked ? untrack : track).link(id)
    }
}
