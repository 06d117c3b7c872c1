import Cars
import Hummingbird

/// `/cars`: the device's cars, a filter by body, an add sheet and delete (CARS-1..5).
struct CarsRoutes {
    let environment: WebEnvironment

    func register(on router: Router<AppRequestContext>) {
        router.get("/cars") { request, context in
            let query = request.uri.queryParameters
            let limit = query["limit"].flatMap { Int($0) } ?? CarListScreen.pageSize
            return try await page(filter: Self.filter(query["body"].map(String.init)), limit: limit, sheet: nil, context: context)
        }
        router.get("/cars/new") { request, context in
            let filter = Self.filter(request.uri.queryParameters["body"].map(String.init))
            return try await page(filter: filter, sheet: CarSheet(draft: CarDraft(body: ""), errors: nil), context: context)
        }
        router.post("/cars") { _, context in
            let form = context.form
            let draft = CarDraft(
                manufacturer: form.value("manufacturer"), model: form.value("model"), body: form.value("body"),
                yearOfIssue: form.value("yearOfIssue"), carNumber: form.value("carNumber"))
            let filter = Self.filter(form["filter"])
            switch draft.validate(currentYear: environment.currentYear()) {
            case .success(let car):
                _ = try await store(context).add(car)
                return Response.seeOther(Self.listPath(filter: filter))
            case .failure(let errors):
                return try await page(filter: filter, sheet: CarSheet(draft: draft, errors: errors), context: context, status: .unprocessableContent)
            }
        }
        router.post("/cars/{id}/delete") { _, context in
            guard let id = context.parameters.get("id", as: Int64.self), try await store(context).delete(id: id) else {
                throw HTTPError(.notFound)
            }
            return Response.seeOther(Self.listPath(filter: Self.filter(context.form["filter"])))
        }
    }

    private func store(_ context: AppRequestContext) -> some CarStore {
        environment.database.carStore(owner: context.device)
    }

    private func page(
        filter: Body?, limit: Int = CarListScreen.pageSize, sheet: CarSheet?, context: AppRequestContext,
        status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let screen = CarListScreen(allCars: try await store(context).cars(body: nil), filter: filter, limit: limit)
        let view = CarsView(screen: screen, sheet: sheet, catalogue: context.catalogue, currentYear: environment.currentYear())
        return environment.pages.page("cars", view.values, context: context, status: status)
    }

    /// An unknown body in the URL shows every car rather than an error: the filter is a view choice.
    static func filter(_ raw: String?) -> Body? {
        raw.flatMap(Body.init(rawValue:))
    }

    static func listPath(filter: Body?) -> String {
        filter.map { "/cars?body=\($0.rawValue)" } ?? "/cars"
    }
}

/// The add sheet's state: what was typed and, after a refused post, why.
struct CarSheet {
    let draft: CarDraft
    let errors: CarValidationErrors?
}
