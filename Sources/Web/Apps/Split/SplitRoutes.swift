import Hummingbird
import Localization
import SplitView

/// `/split` and `/split/<row>`: the master-detail screen of homework 4 (SPLIT-1..4). One page
/// serves both widths: the stylesheet shows the list alone, the detail alone, or both side by side.
struct SplitRoutes {
    let environment: WebEnvironment

    func register(on router: Router<AppRequestContext>) {
        router.get("/split") { _, context in
            try page(rowID: nil, context: context)
        }
        router.get("/split/{row}") { _, context in
            try page(rowID: context.parameters.get("row"), context: context)
        }
    }

    private func page(rowID: String?, context: AppRequestContext) throws -> Response {
        guard let screen = SplitScreen(rowID: rowID) else { throw HTTPError(.notFound) }
        let view = SplitViewValues(screen: screen, catalogue: context.catalogue, assets: environment.assets)
        return environment.pages.page("split", view.values, context: context)
    }
}

/// Turns a split screen into template values.
struct SplitViewValues {
    let screen: SplitScreen
    let catalogue: Catalogue
    let assets: AssetCatalog

    var values: [String: Any] {
        let appTitle = catalogue.text("split.title")
        let selected = screen.selected
        let detailTitle = catalogue.text(selected.titleKey)
        return [
            "title": screen.showsDetail ? "\(detailTitle) – \(appTitle)" : appTitle,
            "showsDetail": screen.showsDetail,
            "master": [
                "nav": ["title": appTitle, "backHref": "/", "backLabel": catalogue.text("shell.app.shortName")],
                "label": catalogue.text("split.listLabel"),
                "rows": screen.rows.map(row),
            ] as [String: Any],
            "detail": [
                "id": selected.id,
                "nav": ["title": detailTitle, "backHref": "/split", "backLabel": appTitle],
                "paragraphs": selected.detailKeys.map { catalogue.text($0) },
                "images": zip(selected.images, selected.imageAltKeys).map { image, altKey in
                    ["src": assets.url("\(image).svg"), "alt": catalogue.text(altKey)]
                },
            ] as [String: Any],
        ]
    }

    private func row(_ row: SplitRow) -> [String: Any] {
        var values: [String: Any] = [
            "id": row.id,
            "href": SplitScreen.path(of: row),
            "title": catalogue.text(row.titleKey),
            "selected": screen.isSelected(row),
        ]
        if row.hasText { values["text"] = catalogue.text(row.textKey) }
        if row.hasTime {
            values["time"] = ["label": catalogue.text(row.timeKey), "datetime": catalogue.text(row.timeValueKey)]
        }
        return values
    }
}
