import WebShell

/// The home screen: a grid of app icons, then the language switcher in the dock.
struct HomeView {
    let tiles: [AppTile]
    /// The word after a link, when the page's query asks for it.
    var linked: LinkedBanner?

    func page(_ page: PageContext) -> HTMLPage {
        var document = Document(title: page.t("shell.app.name"))
        document.bodyClass = "screen screen--home"
        return document.page(page) {
            HTML.main(.class("home")) {
                HTML.h1(.class("visually-hidden")) { page.t("shell.app.name") }
                if let linked { linked.html(page) }
                HTML.ul(.class("home__grid")) {
                    for tile in tiles { self.tile(tile, page) }
                }
                HTML.div(.class("home__dock")) {
                    LanguageSwitcher.html(page, returnTo: "/")
                    // The home screen's settings (issue 36): the browsers this data shows in.
                    HTML.a(.class("home__settings"), .href(DevicesSection.screenPath), .attr("data-settings", "devices")) {
                        page.t("devices.settings")
                    }
                }
            }
        }
    }

    private func tile(_ tile: AppTile, _ page: PageContext) -> HTML {
        .li(.class("home__tile"), .attr("data-app", tile.id)) {
            HTML.a(.class("home__link"), .href(tile.path)) {
                // Lazy: fetched after the first layout, not beside the stylesheet the first paint
                // waits for on a slow network (issue 47).
                HTML.img(.class("home__icon"), .attr("src", page.asset(tile.icon)), .attr("alt", ""), .attr("width", "60"), .attr("height", "60"),
                         .attr("loading", "lazy"))
                HTML.span(.class("home__name")) { page.t(tile.nameKey) }
            }
        }
    }
}
