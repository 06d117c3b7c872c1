import WebShell

/// What every MyHabits page shares: its own manifest, icon and title when installed, its
/// stylesheet, and the tab bar (HB-1).
enum HabitsFrame {
    enum Tab { case habits, info }

    /// MyHabits installs as its own app: its name, icon, start page and splash colours (HB-1).
    static let manifest: AppManifest = {
        var manifest = AppManifest(
            id: HabitsPath.list.path, nameKey: "habits.appName", shortNameKey: "habits.tileName", descriptionKey: nil,
            startPath: HabitsPath.list.path, backgroundColor: "#ffffff", themeColor: "#f9f9f9",
            icons: [
                .init(asset: "icons/app-habits.svg", sizes: "any"),
                .init(asset: "icons/habits-192.png", sizes: "192x192"),
                .init(asset: "icons/habits-512.png", sizes: "512x512", purpose: "any maskable"),
            ])
        // Issue 48: a long press on the icon opens today's list or a new habit's sheet.
        manifest.shortcuts = [
            .init(nameKey: "habits.today", path: HabitsPath.list.path), .init(nameKey: "habits.sheet.newTitle", path: HabitsPath.newSheet.path),
        ]
        return manifest
    }()

    /// The document of a MyHabits page; `colors` is the stylesheet of the habits it shows, and
    /// pages that change habits in place load the script.
    static func document(title: String, _ page: PageContext, colors: String?, withScript: Bool) -> Document {
        var document = Document(title: title)
        document.bodyClass = "screen screen--tabbed habits-app"
        document.showsTimes = true  // "today" is a day in the device's zone
        document.manifestPath = manifest.path
        document.appTitle = page.t("habits.appName")
        document.touchIcon = "icons/habits-192.png"
        document.stylesheet = "css/habits.css"
        var head: [HTML] = []
        if let colors { head.append(.link(.attr("rel", "stylesheet"), .href(colors))) }
        head.append(.link(.attr("rel", "apple-touch-startup-image"), .href(page.asset("icons/habits-splash.png"))))
        document.head = head
        if withScript { document.scripts = ["js/habits.js", "js/reminders.js"] }
        return document
    }

    static func tabBar(selected: Tab, _ page: PageContext) -> HTML {
        TabBar(label: page.t("habits.tabs.label"), items: [
            .init(href: HabitsPath.list.path, icon: "icons/tab-habits.svg", label: page.t("habits.tabs.habits"), isSelected: selected == .habits),
            .init(href: HabitsPath.info.path, icon: "icons/tab-info.svg", label: page.t("habits.tabs.info"), isSelected: selected == .info),
        ]).html(page)
    }
}
