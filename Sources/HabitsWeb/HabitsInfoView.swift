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
            }
            HabitsFrame.tabBar(selected: .info, page)
        }
    }
}
