import Habits
import Localization

/// The Habits tab (HB-3, HB-5) and, over it, the new-habit sheet.
struct HabitsListView {
    let screen: HabitListScreen
    let sheet: HabitSheet?
    /// The device's zone once the browser has sent it; nil tells the script to send it.
    let timeZone: String?
    let catalogue: Catalogue
    let assets: AssetCatalog

    var values: [String: Any] {
        let title = catalogue.text("habits.today")
        var values: [String: Any] = [
            "title": "\(title) – \(catalogue.text("habits.appName"))",
            "nav": [
                "title": title, "backHref": "/", "backLabel": catalogue.text("shell.app.shortName"),
                "action": ["href": "/habits/new", "label": catalogue.text("habits.action.add"), "plus": true],
            ] as [String: Any],
            "tabs": HabitsTabs.values(selected: .habits, catalogue: catalogue, assets: assets),
            "colorsHref": HabitColorsStylesheet.href(screen.rows.map { ($0.id, $0.color) }),
            "progress": [
                "percent": screen.progress.percent,
                "text": Self.percentText(screen.progress.percent, catalogue: catalogue),
                "motivation": screen.progress.motivation,
            ] as [String: Any],
            "rows": screen.rows.map { row in
                [
                    "id": row.id, "name": row.name, "schedule": row.schedule, "counter": row.counter,
                    "tracked": row.isTrackedToday ? "true" : "false",
                    "action": "/habits/\(row.id)/\(row.isTrackedToday ? "untrack" : "track")",
                    "label": Self.trackLabel(name: row.name, tracked: row.isTrackedToday, catalogue: catalogue),
                    "undoMessage": catalogue.text("habits.untrack.message", ["name": row.name]),
                ] as [String: Any]
            },
            "isEmpty": screen.isEmpty,
        ]
        if let timeZone { values["timeZone"] = timeZone }
        if screen.isEmpty {
            values["empty"] = [
                "title": catalogue.text("habits.empty.title"), "message": catalogue.text("habits.empty.message"),
                "action": ["href": "/habits/new", "label": catalogue.text("habits.action.add")],
            ] as [String: Any]
        }
        if let sheet {
            values["sheet"] = HabitSheetView(sheet: sheet, catalogue: catalogue).values
            values["title"] = "\(catalogue.text("habits.sheet.newTitle")) – \(catalogue.text("habits.appName"))"
        }
        return values
    }

    static func percentText(_ percent: Int, catalogue: Catalogue) -> String {
        catalogue.text("habits.progress.percent", ["percent": String(percent)])
    }

    static func trackLabel(name: String, tracked: Bool, catalogue: Catalogue) -> String {
        catalogue.text(tracked ? "habits.track.undo" : "habits.track.do", ["name": name])
    }
}
