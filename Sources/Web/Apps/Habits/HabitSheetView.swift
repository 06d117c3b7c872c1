import Habits
import Localization

/// The habit sheet (HB-4, HB-7, HB-8): name, colour circle, time; Create or Save; Delete when editing.
struct HabitSheetView {
    let sheet: HabitSheet
    let catalogue: Catalogue

    var values: [String: Any] {
        let draft = sheet.draft
        var values: [String: Any] = [
            "title": catalogue.text(sheet.editing == nil ? "habits.sheet.newTitle" : "habits.sheet.editTitle"),
            "submit": catalogue.text(sheet.editing == nil ? "habits.action.create" : "habits.action.save"),
            "action": sheet.editing.map { "/habits/\($0.id)" } ?? "/habits",
            "cancelHref": sheet.editing.map { "/habits/\($0.id)" } ?? "/habits",
            "name": field(.name, value: draft.name),
            "color": field(.color, value: HabitColor(hex: draft.color)?.rgbHex ?? HabitColor.defaultColor.rgbHex),
            "time": field(.time, value: draft.time),
        ]
        if sheet.errors != nil { values["summary"] = catalogue.text("habits.error.summary") }
        if let habit = sheet.editing {
            values["delete"] = [
                "action": "/habits/\(habit.id)/delete",
                "message": catalogue.text("habits.delete.message", ["name": habit.name]),
            ]
        }
        return values
    }

    private func field(_ field: HabitField, value: String) -> [String: Any] {
        var cell: [String: Any] = ["label": field.label(in: catalogue), "value": value]
        if let error = sheet.errors?[field] { cell["error"] = error.message(in: catalogue) }
        return cell
    }
}
