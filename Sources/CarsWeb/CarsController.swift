import Cars
import Devices
import Hummingbird
import WebShell

/// `/cars`: the device's cars, a filter by body, an add sheet and delete (CARS-1..5).
struct CarsController<Store: CarStore> {
    let store: @Sendable (DeviceID) -> Store
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(CarsPath.list, use: list)
        group.get(CarsPath.newSheet, use: newSheet)
        group.post(CarsPath.list, use: add)
        group.post(CarsPath.delete, use: delete)
    }

    /// What the add sheet posts.
    struct CarForm: Decodable {
        let manufacturer: String?
        let model: String?
        let body: String?
        let yearOfIssue: String?
        let carNumber: String?
        /// The list's filter, to come back to.
        let filter: String?
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
        let draft = CarDraft(
            manufacturer: form.manufacturer ?? "", model: form.model ?? "", body: form.body ?? "",
            yearOfIssue: form.yearOfIssue ?? "", carNumber: form.carNumber ?? "")
        let filter = Self.filter(form.filter)
        switch try await cars(context).add(draft, currentYear: shell.currentYear()) {
        case .success:
            return SeeOther(CarsPath.list(filter: filter)).response(from: request, context: context)
        case .failure(let errors):
            return try await page(filter: filter, sheet: CarSheet(draft: draft, errors: errors), context: context, status: .unprocessableContent)
                .response(from: request, context: context)
        }
    }

    @Sendable func delete(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let form = try context.decodeForm(DeleteForm.self)
        guard try await cars(context).delete(id: try context.pathNumber("id", in: 1...Int64.max)) else {
            throw HTTPError(.notFound)
        }
        // Back to the page the car was deleted from; values that are no cursor or count are left out.
        let after = form.after.flatMap { RequestNumber.parse($0, in: CarListScreen.cursors) }
        let limit = form.limit.flatMap { RequestNumber.parse($0, in: CarListScreen.limits) }.map(CarListScreen.limit(requested:))
        return SeeOther(CarsPath.list(filter: Self.filter(form.filter), after: after, limit: limit))
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
}

/// The add sheet's state: what was typed and, after a refused post, why.
struct CarSheet {
    let draft: CarDraft
    let errors: CarValidationErrors?
}
