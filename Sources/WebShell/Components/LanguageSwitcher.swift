import Localization

/// The language menu: Automatic (Accept-Language) or one of the catalogue's languages. Posting it
/// remembers the choice for the device and comes back to `returnTo`.
public enum LanguageSwitcher {
    public static let path = "/settings/language"

    public static func html(_ page: PageContext, returnTo: String) -> HTML {
        .form(.class("language-switcher"), .attr("method", "post"), .attr("action", path)) {
            CSRFInput.html(page)
            HTML.input(.type("hidden"), .name("returnTo"), .value(returnTo))
            HTML.label(.class("language-switcher__label"), .attr("for", "language")) { page.t("shell.language.label") }
            HTML.select(.class("language-switcher__select"), .id("language"), .name("language")) {
                HTML.option(.value("auto"), .flag("selected", when: !page.languageIsChosen)) { page.t("shell.language.automatic") }
                for language in Language.allCases {
                    HTML.option(.value(language.rawValue), .attr("lang", language.rawValue),
                                .flag("selected", when: page.languageIsChosen && language == page.language)) { language.nativeName }
                }
            }
            HTML.button(.class("button button--small language-switcher__apply"), .type("submit")) { page.t("shell.language.apply") }
        }
    }
}
