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
        var document = Document(title: sheet.map { "\(page.t($0.editing == nil ? "cars.sheet.title" : "cars.sheet.editTitle")) – \(title)" } ?? title)
        document.stylesheet = "css/cars.css"
        document.scripts = ["js/cars.js"]  // swipe to delete (issue 50)
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
                if !screen.cars.isEmpty { CarCells(cars: screen.cars, filter: screen.filter, after: screen.after, limit: screen.limit).html(page) }
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

/// The list's cells (CARS-3, CARS-4, issue 50): one inset grouped section, a cell a car as iOS
/// draws a subtitle cell with a disclosure chevron: "Toyota Camry" as the title, the body, the
/// year (`-` when unknown, CARS-4) and the car number (left out when none) as the subtitle. A cell
/// is a link to the car's edit sheet, where it is changed or deleted.
public struct CarCells {
    let cars: [Car]
    /// The list page the cells are on, for the edit sheet to come back to.
    let position: ListPosition

    /// Cells on the page of the list filtered by `filter`, after the car with id `after` (nil:
    /// from the first), `limit` rows long.
    public init(cars: [Car], filter: Body?, after: Int64? = nil, limit: Int = CarListScreen.pageSize) {
        self.cars = cars
        self.position = ListPosition(filter: filter, after: after, limit: limit)
    }

    /// The cells, streamed into the page: a list of up to 200 cars is the bulk of `/cars`.
    public func html(_ page: PageContext) -> HTML {
        let formatter = CarFormatter(catalogue: page.catalogue)
        let query = position.query
        let cars = cars
        return .streamed { writer in
            writer.markup(#"<section class="list-section"><ul class="cells car-list" data-swipe-delete=""#)
            writer.text(page.t("shell.action.delete"))
            writer.markup(#"">"#)
            for car in cars {
                Self.cell(car, formatter: formatter, query: query, into: &writer)
            }
            writer.markup("</ul></section>")
        }
    }

    /// One car's cell. Written from literals around its values (the list writes up to 200 of
    /// these per page): the same bytes the element builders write, without an `Attribute` per
    /// attribute, and without a string built per car (issue 47).
    private static func cell(
        _ car: Car, formatter: CarFormatter, query: String, into writer: inout HTMLWriter
    ) {
        writer.markup(#"<li class="cell car"><a class="cell__disclosure car__link" href=""#)
        CarsPath.edit.write(Int(car.id), into: &writer)
        writer.text(query)
        writer.markup(#""><span class="cell__title car__title">"#)
        heading(car, into: &writer)
        // A space between title and subtitle: not drawn between flex items, but read, so the
        // link is named "Toyota Camry Sedan · 2015", not "Toyota CamrySedan · 2015".
        writer.markup(#"</span> <span class="cell__subtitle car__subtitle">"#)
        var first = true
        formatter.visitEntries(of: car) { field, _, value in
            guard field != .manufacturer, field != .model else { return }
            if !first { writer.markup(" · ") }
            first = false
            switch value {
            case .text(let text): writer.text(text)
            case .year(let year): writer.number(year)
            }
        }
        writer.markup("</span></a></li>")
    }

    /// "Toyota Camry": the car's name, its cell's title.
    private static func heading(_ car: Car, into writer: inout HTMLWriter) {
        writer.text(car.manufacturer)
        writer.markup(" ")
        writer.text(car.model)
    }
}
