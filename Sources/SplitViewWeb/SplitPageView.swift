import SplitView
import WebShell

/// The split screen: the list (master) and the selected row's detail, side by side from 736px.
struct SplitPageView {
    let screen: SplitScreen

    func page(_ page: PageContext) -> HTMLPage {
        let appTitle = page.t("split.title")
        let selected = screen.selected
        let detailTitle = page.t(selected.titleKey)
        var document = Document(title: screen.showsDetail ? "\(detailTitle) – \(appTitle)" : appTitle)
        document.bodyClass = "screen screen--split"
        document.stylesheet = "css/split.css"
        document.scripts = ["js/split.js"]
        return document.page(page) {
            HTML.div(.class(screen.showsDetail ? "split split--detail" : "split split--list"), .flag("data-split")) {
                HTML.div(.class("split__master"), .id("split-master")) {
                    NavigationBar.appRoot(appTitle, page).html(page)
                    HTML.nav(.class("split-list"), .ariaLabel(page.t("split.listLabel"))) {
                        HTML.ul(.class("split-list__rows")) {
                            for row in screen.rows { self.row(row, page) }
                        }
                    }
                }
                HTML.div(.class("split__detail"), .id("split-detail"), .attr("data-row", selected.id), .attr("tabindex", "0"),
                         .attr("role", "region"), .ariaLabel(detailTitle)) {
                    NavigationBar(title: detailTitle, back: .init(href: SplitPath.list.path, label: appTitle)).html(page)
                    HTML.main(.class("split-detail")) {
                        HTML.div(.class("split-detail__text")) {
                            for key in selected.detailKeys {
                                HTML.p { page.t(key) }
                            }
                        }
                        HTML.div(.class("split-detail__images")) {
                            for (image, altKey) in zip(selected.images, selected.imageAltKeys) {
                                HTML.img(.class("split-detail__image"), .attr("src", page.asset(SplitPath.image(image))),
                                         .attr("alt", page.t(altKey)), .attr("width", "640"), .attr("height", "400"))
                            }
                        }
                    }
                }
            }
        }
    }

    private func row(_ row: SplitRow, _ page: PageContext) -> HTML {
        let isSelected = screen.isSelected(row)
        return .li(.class(isSelected ? "split-row is-selected" : "split-row"), .attr("data-row", row.id)) {
            HTML.a(.class("split-row__link"), .href(SplitPath.row(row)), .attr("aria-current", "true", when: isSelected)) {
                HTML.span(.class("split-row__title")) { page.t(row.titleKey) }
                if row.hasText {
                    HTML.span(.class("split-row__text")) { page.t(row.textKey) }
                }
                if row.hasTime {
                    HTML.time(.class("split-row__time"), .attr("datetime", page.t(row.timeValueKey))) { page.t(row.timeKey) }
                }
            }
        }
    }
}
