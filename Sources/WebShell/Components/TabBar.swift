/// The iOS tab bar at the bottom of an app with several tabs.
public struct TabBar: Sendable {
    public struct Item: Sendable {
        public let href: String
        /// Asset path of the icon (`icons/tab-habits.svg`).
        public let icon: String
        public let label: String
        public let isSelected: Bool
        public init(href: String, icon: String, label: String, isSelected: Bool) {
            self.href = href
            self.icon = icon
            self.label = label
            self.isSelected = isSelected
        }
    }

    /// The accessible name of the bar ("MyHabits sections").
    public let label: String
    public let items: [Item]

    public init(label: String, items: [Item]) {
        self.label = label
        self.items = items
    }

    public func html(_ page: PageContext) -> HTML {
        .nav(.class("tab-bar"), .ariaLabel(label)) {
            for item in items {
                HTML.a(.class(item.isSelected ? "tab-bar__item is-selected" : "tab-bar__item"), .href(item.href),
                       .attr("aria-current", "page", when: item.isSelected)) {
                    // Lazy, as the home screen's icons: off the first paint's path (issue 47).
                    HTML.img(.class("tab-bar__icon"), .attr("src", page.asset(item.icon)), .attr("alt", ""), .attr("width", "28"),
                             .attr("height", "28"), .attr("loading", "lazy"))
                    HTML.span(.class("tab-bar__label")) { item.label }
                }
            }
        }
    }
}
