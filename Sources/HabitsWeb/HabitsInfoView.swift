import WebShell

/// The Info tab (HB-2): how a habit forms, in our own words.
struct HabitsInfoView {
    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("habits.info.title")
        let document = HabitsFrame.document(title: "\(title) – \(page.t("habits.appName"))", page, colors: nil, withScript: false)
        return document.page(page) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content habits-info")) {
                HTML.article(.class("list-section habits-info__card")) {
                    HTML.div(.class("prose")) {
                        HTML.h2(.class("habits-info__heading")) { page.t("habits.info.heading") }
                        HTML.p { page.t("habits.info.intro") }
                        for step in 1...6 {
                            HTML.p { page.t("habits.info.step\(step)") }
                        }
                        HTML.p { page.t("habits.info.outro") }
                    }
                }
                // Issue 36: an app added to an iPhone's Home Screen keeps cookies of its own, so it
                // opens empty; here is the way to bring this browser's data into it.
                HTML.form(.class("list-section habits-info__install"), .attr("method", "post"), .attr("action", DevicesSection.linkPath),
                          .attr("aria-labelledby", "habits-install-title")) {
                    CSRFInput.html(page)
                    HTML.h2(.class("list-section__header"), .id("habits-install-title")) { page.t("devices.installTitle") }
                    HTML.ul(.class("cells")) {
                        HTML.li(.class("cell cell--button")) {
                            HTML.button(.class("cell__button"), .type("submit"), .attr("data-install-link", "")) { page.t("devices.link.make") }
                        }
                        HTML.li(.class("cell cell--button")) {
                            HTML.a(.class("cell__button"), .href(DevicesSection.enterCodePath)) { page.t("devices.link.enter") }
                        }
                    }
                    HTML.p(.class("list-section__footer")) { page.t("devices.install") }
                }
            }
            HabitsFrame.tabBar(selected: .info, page)
        }
    }
}
