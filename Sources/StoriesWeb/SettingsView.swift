import Stories
import WebShell

/// The Settings tab (SG-6): the "Draw stories" switch and the 13 colours, each name written in its
/// colour and a check mark on the current one. Every control is a submit button of one form, so
/// a press works without a script (post, then back here); the script posts the same and updates
/// the screen in place. The switch is drawn as a UISwitch but is a toggle button (`aria-pressed`),
/// like the colours: `role="switch"` is for a `type="button"` control, and this one submits.
struct SettingsView {
    let screen: SettingsScreen
    let stylesheet: DrawingStylesheet

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("stories.settings.title")
        var document = StoriesFrame.document(title: title, page, stylesheet: stylesheet, bodyClass: "screen screen--tabbed stories-app")
        document.expectedBytes = 16 * 1024
        return document.page(page) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content stories-settings-screen")) {
                HTML.form(.class("stories-settings"), .attr("method", "post"), .attr("action", StoriesPath.settings.path)) {
                    CSRFInput.html(page)
                    HTML.section(.class("list-section")) {
                        HTML.ul(.class("cells")) {
                            HTML.li(.class("cell cell--button")) {
                                HTML.button(
                                    .class("settings-switch"), .type("submit"), .name("draw"), .value(screen.isDrawingEnabled ? "0" : "1"),
                                    .attr("aria-pressed", screen.isDrawingEnabled ? "true" : "false")
                                ) {
                                    HTML.span(.class("settings-switch__label")) { page.t("stories.settings.draw") }
                                    HTML.span(.class("settings-switch__track"), .attr("aria-hidden", "true")) {
                                        HTML.span(.class("settings-switch__thumb"))
                                    }
                                }
                            }
                        }
                        HTML.p(.class("list-section__footer")) { page.t("stories.settings.drawFooter") }
                    }
                    HTML.section(.class("list-section"), .attr("aria-labelledby", "stories-color-title")) {
                        HTML.h2(.class("list-section__header"), .id("stories-color-title")) { page.t("stories.settings.color") }
                        HTML.ul(.class("cells color-list"), .ariaLabel(page.t("stories.settings.color"))) {
                            for color in screen.colors {
                                HTML.li(.class("cell cell--button")) {
                                    HTML.button(.class("color-option"), .type("submit"), .name("color"), .value(color.id),
                                                .attr("aria-pressed", color.isSelected ? "true" : "false")) {
                                        HTML.span(.class("color-option__swatch swatch-\(color.id)"), .attr("aria-hidden", "true"))
                                        HTML.span(.class("color-option__name color-\(color.id)")) { page.t(color.nameKey) }
                                        HTML.span(.class("color-option__check"), .attr("aria-hidden", "true"))
                                    }
                                }
                            }
                        }
                        HTML.p(.class("list-section__footer")) { page.t("stories.settings.colorFooter") }
                    }
                }
            }
            StoriesFrame.tabBar(selected: .settings, page)
        }
    }
}
