import Cars
import Localization
import WebShell

/// The add sheet (CARS-1) and the edit sheet (issue 50): the five fields of CARS-2 with what was
/// typed and, after a refused post, why; the edit sheet is filled with the car, saves it in place
/// and has its Delete below the form, which asks first (with a script; without one it posts).
/// Saving, deleting and Cancel go back to the list page the edit sheet was opened from.
struct CarSheetView {
    let sheet: CarSheet
    let filter: Body?
    let currentYear: Int

    func html(_ page: PageContext) -> HTML {
        let catalogue = page.catalogue
        let editing = sheet.editing
        var view = Sheet(
            title: page.t(editing == nil ? "cars.sheet.title" : "cars.sheet.editTitle"),
            cancel: Link(href: editing == nil ? CarsPath.list(filter: filter) : sheet.position.link, label: page.t("shell.action.cancel")),
            submitLabel: page.t(editing == nil ? "cars.action.save" : "cars.action.saveChanges"),
            action: editing.map { CarsPath.car.link($0.id) } ?? CarsPath.list.path)
        view.summary = sheet.errors?.summary(in: catalogue)
        view.shortTitle = page.t(editing == nil ? "cars.sheet.titleShort" : "cars.sheet.editTitleShort")
        let years = CarValidator.yearRange(currentYear: currentYear)
        return view.html(page) {
            if editing == nil {
                HTML.input(.type("hidden"), .name("filter"), .value(filter?.rawValue ?? ""))
            } else {
                sheet.position.fields
            }
            HTML.div(.class("list-section")) {
                HTML.div(.class("list-section__body form-cells")) {
                    cell(.manufacturer, catalogue, required: true, placeholder: page.t("shell.form.required"))
                    cell(.model, catalogue, required: true, placeholder: page.t("shell.form.required"))
                    bodyMenu(catalogue)
                    cell(.yearOfIssue, catalogue, inputMode: "numeric", maxLength: 6, placeholder: catalogue.text(
                        "cars.sheet.placeholder.year", ["min": String(years.lowerBound), "max": String(years.upperBound)]))
                    cell(.carNumber, catalogue, placeholder: page.t("cars.sheet.placeholder.number"))
                }
            }
            HTML.p(.class("list-section__footer")) { page.t("cars.sheet.footer") }
        } after: {
            if let editing { deleteForm(editing, page) }
        }
    }

    /// The edit sheet's Delete: a form of its own (a form cannot hold another), in the shell's
    /// confirm style, naming the car as it was stored, not as typed.
    private func deleteForm(_ car: Car, _ page: PageContext) -> HTML {
        .form(.attr("method", "post"), .attr("action", CarsPath.delete.link(car.id)), .class("car-delete"),
              .attr("data-confirm-title", page.t("cars.delete.title")),
              .attr("data-confirm-message", "\(car.manufacturer) \(car.model)"),
              .attr("data-confirm-action", page.t("shell.action.delete"))) {
            CSRFInput.html(page)
            sheet.position.fields
            HTML.button(.class("car-delete__button"), .type("submit")) { page.t("cars.action.deleteInSheet") }
        }
    }

    private func cell(
        _ field: CarField, _ catalogue: Catalogue, inputMode: String? = nil, maxLength: Int? = nil, required: Bool = false, placeholder: String
    ) -> HTML {
        FormCell(
            name: field.rawValue, label: field.label(in: catalogue),
            control: .text(value: sheet.draft[field], inputMode: inputMode, maxLength: maxLength, placeholder: placeholder),
            isRequired: required, error: sheet.errors?[field]?.message(in: catalogue)).html
    }

    private func bodyMenu(_ catalogue: Catalogue) -> HTML {
        let chosen = Body(parsing: sheet.draft.body)
        let options = [FormCell.MenuOption(value: "", label: catalogue.text("cars.sheet.chooseBody"), isSelected: chosen == nil)]
            + Body.allCases.map { FormCell.MenuOption(value: $0.rawValue, label: $0.localizedName(in: catalogue), isSelected: $0 == chosen) }
        return FormCell(
            name: CarField.body.rawValue, label: CarField.body.label(in: catalogue), control: .menu(options: options),
            isRequired: true, error: sheet.errors?[.body]?.message(in: catalogue)).html
    }
}
