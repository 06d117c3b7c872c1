import Cars
import Localization

/// Turns the car list screen (and the add sheet) into template values.
struct CarsView {
    let screen: CarListScreen
    let sheet: CarSheet?
    let catalogue: Catalogue
    let currentYear: Int

    var values: [String: Any] {
        let title = catalogue.text("cars.title")
        let filterQuery = screen.filter.map { "?body=\($0.rawValue)" } ?? ""
        var values: [String: Any] = [
            "title": sheet == nil ? title : "\(catalogue.text("cars.sheet.title")) – \(title)",
            "nav": [
                "title": title, "backHref": "/", "backLabel": catalogue.text("shell.app.shortName"),
                "action": ["href": "/cars/new\(filterQuery)", "label": catalogue.text("cars.action.add"), "plus": true],
            ] as [String: Any],
            "filterValue": screen.filter?.rawValue ?? "",
            "returnTo": "/cars\(filterQuery)",
            "segments": segments,
            "showSegments": !screen.isEmpty,
            "cars": cars,
            "isEmpty": screen.cars.isEmpty,
        ]
        if screen.hasMore {
            let bodyQuery = screen.filter.map { "body=\($0.rawValue)&" } ?? ""
            values["more"] = [
                "href": "/cars?\(bodyQuery)limit=\(screen.nextLimit)",
                "label": catalogue.text("cars.list.showMore"),
                "status": catalogue.text("cars.list.shown", ["shown": String(screen.cars.count), "total": String(screen.matching)]),
            ]
        }
        if screen.cars.isEmpty {
            values["empty"] = [
                "title": catalogue.text(screen.isEmpty ? "cars.empty.title" : "cars.empty.filteredTitle"),
                "message": catalogue.text(screen.isEmpty ? "cars.empty.message" : "cars.empty.filteredMessage"),
                "action": ["href": "/cars/new\(filterQuery)", "label": catalogue.text("cars.action.add")],
            ] as [String: Any]
        }
        if let sheet { values["sheet"] = sheetValues(sheet, cancelHref: "/cars\(filterQuery)") }
        return values
    }

    private var segments: [[String: Any]] {
        let all: [String: Any] = ["href": "/cars", "label": catalogue.text("cars.filter.all"), "selected": screen.filter == nil]
        return [all] + screen.filters.map { body in
            ["href": "/cars?body=\(body.rawValue)", "label": body.localizedName(in: catalogue), "selected": body == screen.filter]
        }
    }

    private var cars: [[String: Any]] {
        let formatter = CarFormatter(catalogue: catalogue)
        return screen.cars.map { car in
            [
                "id": car.id,
                "heading": "\(car.manufacturer) \(car.model)",
                "lines": formatter.entries(for: car).map { ["label": $0.label, "value": $0.value, "line": $0.line] },
                "deleteLabel": catalogue.text("cars.action.deleteCar", ["car": "\(car.manufacturer) \(car.model)"]),
            ] as [String: Any]
        }
    }

    private func sheetValues(_ sheet: CarSheet, cancelHref: String) -> [String: Any] {
        let draft = sheet.draft
        func cell(_ field: CarField, inputMode: String? = nil, maxLength: Int? = nil, required: Bool = false, placeholder: String? = nil) -> [String: Any] {
            var cell: [String: Any] = [
                "name": field.rawValue, "label": field.label(in: catalogue), "value": draft[field],
                "required": required,
            ]
            if let inputMode { cell["inputMode"] = inputMode }
            if let maxLength { cell["maxLength"] = maxLength }
            if let placeholder { cell["placeholder"] = placeholder }
            if let error = sheet.errors?[field] { cell["error"] = error.message(in: catalogue) }
            return cell
        }
        var body = cell(.body, required: true)
        let chosen = Body(parsing: draft.body)
        body["isSelect"] = true
        body["options"] = [["value": "", "label": catalogue.text("cars.sheet.chooseBody"), "selected": chosen == nil] as [String: Any]]
            + Body.allCases.map { ["value": $0.rawValue, "label": $0.localizedName(in: catalogue), "selected": $0 == chosen] }
        let years = CarValidator.yearRange(currentYear: currentYear)
        return [
            "title": catalogue.text("cars.sheet.title"),
            "cancelHref": cancelHref,
            "save": catalogue.text("cars.action.save"),
            "summary": sheet.errors.map { catalogue.plural("cars.sheet.errorSummary", count: $0.fields.count) } ?? "",
            "cells": [
                cell(.manufacturer, required: true, placeholder: catalogue.text("cars.sheet.placeholder.manufacturer")),
                cell(.model, required: true, placeholder: catalogue.text("cars.sheet.placeholder.model")),
                body,
                cell(.yearOfIssue, inputMode: "numeric", maxLength: 6,
                     placeholder: catalogue.text("cars.sheet.placeholder.year", ["min": String(years.lowerBound), "max": String(years.upperBound)])),
                cell(.carNumber, placeholder: catalogue.text("cars.sheet.placeholder.number")),
            ],
        ]
    }
}
