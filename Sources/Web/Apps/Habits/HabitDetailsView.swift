import Habits
import Localization

/// A habit's details (HB-6) and, over them, the edit sheet (HB-7, HB-8).
struct HabitDetailsView {
    let screen: HabitDetailsScreen
    let sheet: HabitSheet?
    let timeZone: String?
    let catalogue: Catalogue
    let assets: AssetCatalog

    var values: [String: Any] {
        let habit = screen.habit
        let stats = screen.stats
        var values: [String: Any] = [
            "title": "\(habit.name) – \(catalogue.text("habits.appName"))",
            "id": habit.id,
            "nav": [
                "title": habit.name, "backHref": "/habits", "backLabel": catalogue.text("habits.details.back"),
                "action": ["href": "/habits/\(habit.id)/edit", "label": catalogue.text("habits.action.edit")],
            ] as [String: Any],
            "tabs": HabitsTabs.values(selected: .habits, catalogue: catalogue, assets: assets),
            "colorsHref": HabitColorsStylesheet.href([(habit.id, habit.color)]),
            "schedule": habit.time.dateString(in: catalogue),
            "stats": [
                ["label": catalogue.text("habits.details.currentStreak"), "value": catalogue.plural("habits.details.streakDays", count: stats.currentStreak)],
                ["label": catalogue.text("habits.details.longestStreak"), "value": catalogue.plural("habits.details.streakDays", count: stats.longestStreak)],
                ["label": catalogue.text("habits.details.completion"), "value": "\(Int((stats.completionRate * 100).rounded()))%"],
            ],
            "heatmap": [
                "summary": catalogue.plural("habits.details.heatmapSummary", count: screen.heatmap.trackedCount),
                "weeks": screen.heatmap.columns.map { week in
                    var values: [String: Any] = ["cells": week.cells.map { ["state": $0.state.rawValue] }]
                    if let label = week.monthLabel { values["month"] = label }
                    return values
                },
            ] as [String: Any],
            "days": screen.days.map { row in
                ["label": row.label, "iso": row.day.iso, "tracked": row.isTracked] as [String: Any]
            },
        ]
        if screen.hasMore {
            values["more"] = [
                "href": "/habits/\(habit.id)?limit=\(screen.nextLimit)",
                "label": catalogue.text("habits.details.showMore"),
                "status": catalogue.text("habits.details.shown", ["shown": String(screen.days.count), "total": String(screen.totalDays)]),
            ]
        }
        if let timeZone { values["timeZone"] = timeZone }
        if let sheet {
            values["sheet"] = HabitSheetView(sheet: sheet, catalogue: catalogue).values
            values["title"] = "\(catalogue.text("habits.sheet.editTitle")) – \(habit.name)"
        }
        return values
    }
}
