import WebShell

/// What every MyHabits page shares: its own manifest, icon and title when installed, its
/// stylesheet, and the tab bar (HB-1).
enum HabitsFrame {
    enum Tab { case habits, info }

    /// The document of a MyHabits page; `colors` is the stylesheet of the habits it shows, and
    /// pages that change habits in place load the script.
    static func document(title: String, _ page: PageContext, colors: String?, withScript: Bool) -> Document {
        var document = Document(title: title)
        document.bodyClass = "screen screen--tabbed habits-app"
        document.showsTimes = true  // "today" is a day in the device's zone
        document.manifestPath = HabitsPath.manifest
        document.appTitle = page.t("habits.appName")
        document.touchIcon = "icons/habits-192.png"
        var head: [HTML] = [HTML.stylesheet(page, "css/habits.css")]
        if let colors { head.append(.link(.attr("rel", "stylesheet"), .href(colors))) }
        head.append(.link(.attr("rel", "apple-touch-startup-image"), .href(page.asset("icons/habits-splash.png"))))
        if withScript { head.append(HTML.moduleScript(page, "js/habits.js")) }
        document.head = head
        return document
    }

    static func tabBar(selected: Tab, _ page: PageContext) -> HTML {
        TabBar(label: page.t("habits.tabs.label"), items: [
            .init(href: HabitsPath.list, icon: "icons/tab-habits.svg", label: page.t("habits.tabs.habits"), isSelected: selected == .habits),
            .init(href: HabitsPath.info, icon: "icons/tab-info.svg", label: page.t("habits.tabs.info"), isSelected: selected == .info),
        ]).html(page)
    }
}
