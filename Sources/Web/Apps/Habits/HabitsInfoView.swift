import Localization

/// The Info tab (HB-2): how a habit forms, in our own words.
struct HabitsInfoView {
    let catalogue: Catalogue
    let assets: AssetCatalog

    var values: [String: Any] {
        let title = catalogue.text("habits.info.title")
        return [
            "title": "\(title) – \(catalogue.text("habits.appName"))",
            "nav": ["title": title, "backHref": "/", "backLabel": catalogue.text("shell.app.shortName")],
            "tabs": HabitsTabs.values(selected: .info, catalogue: catalogue, assets: assets),
            "steps": (1...6).map { catalogue.text("habits.info.step\($0)") },
        ]
    }
}
