import Cars
import Localization
import Hummingbird
import WebShell

/// The car list screen (CARS-2..5) and, over it, the add sheet (CARS-1).
struct CarsView {
    let screen: CarListScreen
    let sheet: CarSheet?
    let currentYear: Int

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let title = page.t("cars.title")
        let document = Document(title: sheet == nil ? title : "\(page.t("cars.sheet.title")) – \(title)")
        let addLink = Link(href: CarsPath.newSheet(filter: screen.filter), label: page.t("cars.action.add"))
        return document.page(page, status: status) {
            NavigationBar.appRoot(title, page, action: .init(href: addLink.href, label: addLink.label, isPlus: true)).html(page)
            HTML.main(.class("content cars")) {
                if !screen.isEmpty { filterControl(page) }
                if screen.after != nil {
                    HTML.div(.class("cars__more-action cars__start")) {
                        HTML.a(.class("button"), .href(CarsPath.list(filter: screen.filter))) { page.t("cars.list.fromStart") }
                    }
                }
                if screen.cars.isEmpty && screen.after == nil { emptyState(page, add: addLink).html }
                CarCells(cars: screen.cars, filter: screen.filter).html(page)
                if !screen.cars.isEmpty { CarCells.deleteForm(page, screen: screen) }
                if screen.hasMore || screen.after != nil {
                    HTML.p(.class("list-section__footer cars__more"), .attr("aria-live", "polite")) {
                        page.catalogue.text("cars.list.shown", ["shown": String(screen.cars.count), "total": String(screen.matching)])
                    }
                }
                if screen.hasMore {
                    let next = screen.next
                    HTML.div(.class("cars__more-action")) {
                        HTML.a(.class("button"), .href(CarsPath.list(filter: screen.filter, after: next.after, limit: next.limit))) {
                            page.t("cars.list.showMore")
                        }
                    }
                }
            }
            if let sheet { CarSheetView(sheet: sheet, filter: screen.filter, currentYear: currentYear).html(page) }
        }
    }

    private func filterControl(_ page: PageContext) -> HTML {
        let all = SegmentedControl.Segment(href: CarsPath.list(filter: nil), label: page.t("cars.filter.all"), isSelected: screen.filter == nil)
        let bodies = screen.filters.map { body in
            SegmentedControl.Segment(href: CarsPath.list(filter: body), label: body.localizedName(in: page.catalogue), isSelected: body == screen.filter)
        }
        return ChoiceControl(label: page.t("cars.filter.label"), choices: [all] + bodies).html
    }

    private func emptyState(_ page: PageContext, add: Link) -> EmptyState {
        EmptyState(
            title: page.t(screen.isEmpty ? "cars.empty.title" : "cars.empty.filteredTitle"),
            message: page.t(screen.isEmpty ? "cars.empty.message" : "cars.empty.filteredMessage"),
            action: add)
    }
}

/// The list's cells (CARS-3, CARS-4): one inset grouped section per car, one field a line, and its
/// Delete button, which asks first. Every Delete button submits the page's one delete form
/// (`deleteForm`), naming its car in `formaction`: one CSRF token a page, not one a row (issue 34).
public struct CarCells {
    let cars: [Car]
    /// The list's filter, for the delete form to come back to.
    let filter: Body?

    /// The id of the page's delete form, which every row's button names.
    public static let deleteFormID = "car-delete"

    public init(cars: [Car], filter: Body?) {
        self.cars = cars
        self.filter = filter
    }

    /// The page's one delete form: the token, where to come back to, and the question the
    /// script asks before it posts (each button adds its car's name). Without a script the
    /// button posts at once, as before.
    static func deleteForm(_ page: PageContext, screen: CarListScreen) -> HTML {
        .form(.id(deleteFormID), .attr("method", "post"), .class("car__delete"),
              .attr("data-confirm-title", page.t("cars.delete.title")), .attr("data-confirm-action", page.t("shell.action.delete"))) {
            CSRFInput.html(page)
            HTML.input(.type("hidden"), .name("filter"), .value(screen.filter?.rawValue ?? ""))
            if let after = screen.after { HTML.input(.type("hidden"), .name("after"), .value(String(after))) }
            if screen.limit != CarListScreen.pageSize { HTML.input(.type("hidden"), .name("limit"), .value(String(screen.limit))) }
        }
    }

    /// The cells, streamed into the page: a list of up to 200 cars is the bulk of `/cars`.
    public func html(_ page: PageContext) -> HTML {
        let formatter = CarFormatter(catalogue: page.catalogue)
        let deleteLabel = page.t("shell.action.delete")
        let deleteCar = page.catalogue.template("cars.action.deleteCar")
        let cars = cars
        return .streamed { writer in
            for car in cars {
                Self.section(car, formatter: formatter, deleteLabel: deleteLabel, deleteCar: deleteCar, into: &writer)
            }
        }
    }

    /// One car: its lines and its Delete button. Written from literals around its values (the
    /// list writes up to 200 of these per page): the same bytes the element builders write,
    /// without an `Attribute` per attribute, and without a string built per car (issue 47).
    private static func section(
        _ car: Car, formatter: CarFormatter, deleteLabel: String, deleteCar: CatalogueTemplate, into writer: inout HTMLWriter
    ) {
        writer.markup(#"<section class="list-section car" aria-label=""#)
        heading(car, into: &writer)
        writer.markup(#""><ul class="cells">"#)
        formatter.visitEntries(of: car) { _, label, value in
            writer.markup(#"<li class="cell car__line"><span class="cell__label">"#)
            writer.text(label)
            writer.markup(#":</span> <span class="cell__value">"#)
            switch value {
            case .text(let text): writer.text(text)
            case .year(let year): writer.number(year)
            }
            writer.markup("</span></li>")
        }
        writer.markup(#"<li class="cell cell--button"><button class="cell__button cell__button--destructive" form="car-delete" formaction=""#)
        CarsPath.delete.write(Int(car.id), into: &writer)
        writer.markup(#"" data-confirm-message=""#)
        heading(car, into: &writer)
        writer.markup(#"" aria-label=""#)
        deleteCar.forEachPiece(filling: "car") { literal in
            if let literal { writer.text(literal) } else { heading(car, into: &writer) }
        }
        writer.markup(#"">"#)
        writer.text(deleteLabel)
        writer.markup("</button></li></ul></section>")
    }

    /// "Toyota Camry": the car's name in its section's label and its Delete button's question.
    private static func heading(_ car: Car, into writer: inout HTMLWriter) {
        writer.text(car.manufacturer)
        writer.markup(" ")
        writer.text(car.model)
    }
}

/// The add sheet: the five fields of CARS-1 with what was typed and, after a refused post, why.
struct CarSheetView {
    let sheet: CarSheet
    let filter: Body?
    let currentYear: Int

    func html(_ page: PageContext) -> HTML {
        let catalogue = page.catalogue
        var view = Sheet(
            title: page.t("cars.sheet.title"), cancel: Link(href: CarsPath.list(filter: filter), label: page.t("shell.action.cancel")),
            submitLabel: page.t("cars.action.save"), action: CarsPath.list.path)
        view.summary = sheet.errors?.summary(in: catalogue)
        view.shortTitle = page.t("cars.sheet.titleShort")
        let years = CarValidator.yearRange(currentYear: currentYear)
        return view.html(page) {
            HTML.input(.type("hidden"), .name("filter"), .value(filter?.rawValue ?? ""))
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
