import Cars
import Devices
import Hummingbird
import WebShell

/// `/cars`: the device's cars, a filter by body, an add sheet, an edit sheet (issue 50) and
/// delete (CARS-1..5).
struct CarsController<Store: CarStore> {
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(CarsPath.list, use: list)
        group.get(CarsPath.newSheet, use: newSheet)
        group.post(CarsPath.list, use: add)
        group.get(CarsPath.edit, use: editSheet)
        group.post(CarsPath.car, use: update)
        group.post(CarsPath.delete, use: delete)
    }

    /// What the add and edit sheets post.
    struct CarForm: Decodable {
        let manufacturer: String?
        let model: String?
        let body: String?
        let yearOfIssue: String?
        let carNumber: String?
        /// The list's filter, to come back to.
        let filter: String?
        /// The list page an edit sheet was opened from (its cursor and row count), to come back to.
        let after: String?
        let limit: String?

        var draft: CarDraft {
            CarDraft(
                manufacturer: manufacturer ?? "", model: model ?? "", body: body ?? "",
                yearOfIssue: yearOfIssue ?? "", carNumber: carNumber ?? "")
        }
    }

    /// The page's one delete form: the list's filter, cursor and row count, to come back to.
    struct DeleteForm: Decodable {
        let filter: String?
        let after: String?
        let limit: String?
    }

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let query = request.uri.queryParameters
        return try await page(
            filter: Self.filter(query["body"].map(String.init)), after: request.queryNumber("after", in: CarListScreen.cursors),
            requested: request.queryNumber("limit", in: CarListScreen.limits), sheet: nil, context: context)
    }

    @Sendable func newSheet(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let filter = Self.filter(request.uri.queryParameters["body"].map(String.init))
        return try await page(filter: filter, sheet: CarSheet(draft: CarDraft(body: ""), errors: nil), context: context)
    }

    @Sendable func add(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(CarForm.self)
        let draft = form.draft
        let filter = Self.filter(form.filter)
        switch try await cars(context).add(draft, currentYear: shell.currentYear()) {
        case .success:
            return SeeOther(CarsPath.list(filter: filter)).response(from: request, context: context)
        case .failure(let errors):
            return try await page(filter: filter, sheet: CarSheet(draft: draft, errors: errors), context: context, status: .unprocessableContent)
                .response(from: request, context: context)
        }
    }

    /// A car's edit sheet over the list page it was opened from, filled with the car; 404 for a
    /// car of another device.
    @Sendable func editSheet(_ request: Request, context: AppRequestContext) async throws -> HTMLPage {
        let position = ListPosition(
            filter: Self.filter(request.uri.queryParameters["body"].map(String.init)),
            after: request.queryNumber("after", in: CarListScreen.cursors),
            limit: request.queryNumber("limit", in: CarListScreen.limits).map(CarListScreen.limit(requested:)))
        guard let car = try await cars(context).car(id: try Self.id(context)) else { throw HTTPError(.notFound) }
        let sheet = CarSheet(draft: CarDraft(car), errors: nil, editing: car, position: position)
        return try await page(filter: position.filter, after: position.after, requested: position.limit, sheet: sheet, context: context)
    }

    /// Saves an edited car by the add sheet's rules: back to the list, or the sheet again with
    /// what was typed and why (422); 404 for a car of another device.
    @Sendable func update(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try Self.id(context)
        let service = cars(context)
        guard let car = try await service.car(id: id) else { throw HTTPError(.notFound) }
        let form = try context.decodeForm(CarForm.self)
        let draft = form.draft
        let position = ListPosition(filter: Self.filter(form.filter), after: form.after, limit: form.limit)
        switch try await service.edit(id: id, draft, currentYear: shell.currentYear()) {
        case nil:
            throw HTTPError(.notFound)
        case .success:
            return SeeOther(position.link).response(from: request, context: context)
        case .failure(let errors):
            let sheet = CarSheet(draft: draft, errors: errors, editing: car, position: position)
            return try await page(
                filter: position.filter, after: position.after, requested: position.limit, sheet: sheet, context: context,
                status: .unprocessableContent
            ).response(from: request, context: context)
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let form = try context.decodeForm(DeleteForm.self)
        guard try await cars(context).delete(id: try Self.id(context)) else {
            throw HTTPError(.notFound)
        }
        // Back to the page the car was deleted from; values that are no cursor or count are left out.
        return SeeOther(ListPosition(filter: Self.filter(form.filter), after: form.after, limit: form.limit).link)
    }

    private func page(
        filter: Body?, after: Int64? = nil, requested: Int? = nil, sheet: CarSheet?, context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> HTMLPage {
        let screen = try await cars(context).listScreen(filter: filter, after: after, requested: requested)
        let view = CarsView(screen: screen, sheet: sheet, currentYear: shell.currentYear())
        return view.page(shell.page(context), status: status)
    }

    private func cars(_ context: AppRequestContext) -> CarsService<Store> {
        CarsService(store: store(context.device))
    }

    static func filter(_ raw: String?) -> Body? {
        CarsService<Store>.filter(raw)
    }

    /// The car id in the path: anything else is 404.
    static func id(_ context: AppRequestContext) throws -> Int64 {
        try context.pathNumber("id", in: 1...Int64.max)
    }
}

/// The add or edit sheet's state: what was typed and, after a refused post, why.
struct CarSheet {
    let draft: CarDraft
    let errors: CarValidationErrors?
    /// The car being edited (issue 50); nil: a new car.
    var editing: Car? = nil
    /// The list page the edit sheet was opened from, which saving, deleting and Cancel go back to.
    var position = ListPosition(filter: nil)
}

/// A page of the list: its filter, its cursor and its row count (nil: the first car, a page).
struct ListPosition {
    let filter: Body?
    let after: Int64?
    let limit: Int?

    init(filter: Body?, after: Int64? = nil, limit: Int? = nil) {
        self.filter = filter
        self.after = after
        self.limit = limit == CarListScreen.pageSize ? nil : limit
    }

    /// From a form's fields: values that are no cursor or count are left out.
    init(filter: Body?, after: String?, limit: String?) {
        self.init(
            filter: filter, after: after.flatMap { RequestNumber.parse($0, in: CarListScreen.cursors) },
            limit: limit.flatMap { RequestNumber.parse($0, in: CarListScreen.limits) }.map(CarListScreen.limit(requested:)))
    }

    /// The page's address.
    var link: String { CarsPath.list(filter: filter, after: after, limit: limit) }

    /// The page's query ("?body=suv&after=12"), empty for the first page of all cars: what a cell's
    /// link to its edit sheet carries.
    var query: String { String(link.dropFirst(CarsPath.list.path.count)) }

    /// Hidden fields that post the position with a form.
    var fields: HTML {
        .fragment {
            HTML.input(.type("hidden"), .name("filter"), .value(filter?.rawValue ?? ""))
            if let after { HTML.input(.type("hidden"), .name("after"), .value(String(after))) }
            if let limit { HTML.input(.type("hidden"), .name("limit"), .value(String(limit))) }
        }
    }
}
