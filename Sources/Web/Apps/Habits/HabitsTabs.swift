import Localization

/// The MyHabits tab bar (HB-1) and the values every MyHabits page shares.
enum HabitsTabs {
    enum Tab { case habits, info }

    static func values(selected: Tab, catalogue: Catalogue, assets: AssetCatalog) -> [String: Any] {
        func item(_ tab: Tab, href: String, icon: String, label: String) -> [String: Any] {
            ["href": href, "icon": assets.url("icons/\(icon).svg"), "label": catalogue.text(label), "selected": tab == selected]
        }
        return [
            "label": catalogue.text("habits.tabs.label"),
            "items": [
                item(.habits, href: "/habits", icon: "tab-habits", label: "habits.tabs.habits"),
                item(.info, href: "/habits/info", icon: "tab-info", label: "habits.tabs.info"),
            ],
        ]
    }
}
