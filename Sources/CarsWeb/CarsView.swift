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
            NavigationBar.backToHome(title, page, action: .init(href: addLink.href, label: addLink.label, isPlus: true)).html(page)
            HTML.main(.class("content cars")) {
                if !screen.isEmpty { filterControl(page) }
                if screen.cars.isEmpty { emptyState(page, add: addLink).html }
                CarCells(cars: screen.cars, filter: screen.filter).html(page)
                if screen.hasMore {
                    HTML.p(.class("list-section__footer cars__more"), .attr("aria-live", "polite")) {
                        page.catalogue.text("cars.list.shown", ["shown": String(screen.cars.count), "total": String(screen.matching)])
                    }
                    HTML.div(.class("cars__more-action")) {
                        HTML.a(.class("button"), .href(CarsPath.list(filter: screen.filter, limit: screen.nextLimit))) { page.t("cars.list.showMore") }
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
        return SegmentedControl(label: page.t("cars.filter.label"), segments: [all] + bodies).html
    }

    private func emptyState(_ page: PageContext, add: Link) -> EmptyState {
        EmptyState(
            title: page.t(screen.isEmpty ? "cars.empty.title" : "cars.empty.filteredTitle"),
            message: page.t(screen.isEmpty ? "cars.empty.message" : "cars.empty.filteredMessage"),
            action: add)
    }
}

/// The list's cells (CARS-3, CARS-4): one inset grouped section per car, one field a line, and its
/// Delete button, which asks first.
public struct CarCells {
    let cars: [Car]
    /// The list's filter, for the delete form to come back to.
    let filter: Body?

    public init(cars: [Car], filter: Body?) {
        self.cars = cars
        self.filter = filter
    }

    /// The cells, streamed into the page: a list of up to 50 cars is the bulk of `/cars`.
    public func html(_ page: PageContext) -> HTML {
        let formatter = CarFormatter(catalogue: page.catalogue)
        let deleteTitle = page.t("cars.delete.title")
        let deleteLabel = page.t("shell.action.delete")
        let deleteCar = page.catalogue.template("cars.action.deleteCar")
        let csrf = CSRFInput.html(page)  // the same in every cell: built once, its bytes shared
        let (cars, filter) = (cars, filter?.rawValue ?? "")
        return .streamed { writer in
            for car in cars {
                Self.section(car, formatter: formatter, deleteTitle: deleteTitle, deleteLabel: deleteLabel, deleteCar: deleteCar,
                             csrf: csrf, filter: filter, into: &writer)
            }
        }
    }

    /// One car: its lines and its delete form. Written from literals around its values (the list
    /// writes 50 of these per page): the same bytes the element builders write, without an
    /// `Attribute` per attribute.
    private static func section(
        _ car: Car, formatter: CarFormatter, deleteTitle: String, deleteLabel: String, deleteCar: CatalogueTemplate, csrf: HTML,
        filter: String, into writer: inout HTMLWriter
    ) {
        let heading = "\(car.manufacturer) \(car.model)"
        writer.markup(#"<section class="list-section car" aria-label=""#)
        writer.text(heading)
        writer.markup(#"" data-car-id=""#)
        writer.number(Int(car.id))
        writer.markup(#""><ul class="cells">"#)
        for entry in formatter.entries(for: car) {
            writer.markup(#"<li class="cell car__line"><span class="cell__label">"#)
            writer.text(entry.label)
            writer.markup(#":</span> <span class="cell__value">"#)
            writer.text(entry.value)
            writer.markup("</span></li>")
        }
        writer.markup(#"<li class="cell cell--button"><form method="post" action=""#)
        CarsPath.delete.write(Int(car.id), into: &writer)
        writer.markup(#"" class="car__delete" data-confirm-title=""#)
        writer.text(deleteTitle)
        writer.markup(#"" data-confirm-message=""#)
        writer.text(heading)
        writer.markup(#"" data-confirm-action=""#)
        writer.text(deleteLabel)
        writer.markup(#"">"#)
        writer.write(csrf)
        writer.markup(#"<input type="hidden" name="filter" value=""#)
        writer.text(filter)
        writer.markup(#""><button class="cell__button cell__button--destructive" type="submit" aria-label=""#)
        writer.text(deleteCar.text("car", heading))
        writer.markup(#"">"#)
        writer.text(deleteLabel)
        writer.markup("</button></form></li></ul></section>")
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
        let years = CarValidator.yearRange(currentYear: currentYear)
        return view.html(page) {
            HTML.input(.type("hidden"), .name("filter"), .value(filter?.rawValue ?? ""))
            HTML.div(.class("list-section")) {
                HTML.div(.class("list-section__body form-cells")) {
                    cell(.manufacturer, catalogue, required: true, placeholder: page.t("cars.sheet.placeholder.manufacturer"))
                    cell(.model, catalogue, required: true, placeholder: page.t("cars.sheet.placeholder.model"))
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
