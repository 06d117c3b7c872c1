import GitHub
import Hummingbird
import WebShell

/// Sign in (GH-1): the token field (masked, with show and hide), what a token needs and where to
/// make one, and why the last attempt failed.
struct SignInView {
    let screen: SignInScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        GitHubFrame.document(title: screen.title, page).page(page, status: status) {
            NavigationBar.appRoot(screen.title, page).html(page)
            HTML.main(.class("content github github-sign-in")) {
                if let offer = screen.deviceFlow { deviceFlow(offer, page) }
                form(page)
                HTML.section(.class("list-section github-help"), .attr("aria-labelledby", "github-help-title")) {
                    HTML.h2(.class("list-section__header"), .id("github-help-title")) { page.t("github.signIn.help.title") }
                    HTML.div(.class("list-section__body prose")) {
                        for paragraph in screen.help { HTML.p { paragraph } }
                        HTML.p {
                            HTML.a(.href(screen.tokenSettingsLink.url.absoluteString), .attr("target", "_blank"),
                                   .attr("rel", "noopener noreferrer")) { screen.tokenSettingsLink.title }
                        }
                    }
                }
            }
        }
    }

    /// "Sign in with GitHub" (issue 49): a form that starts GitHub's device flow on the server.
    private func deviceFlow(_ offer: SignInScreen.DeviceFlowOffer, _ page: PageContext) -> HTML {
        .form(.class("list-section github-sign-in__device"), .attr("method", "post"), .attr("action", GitHubPath.device.path)) {
            CSRFInput.html(page)
            HTML.div(.class("github-sign-in__actions")) {
                HTML.button(.class("button button--filled github-sign-in__device-button"), .type("submit"), .attr("aria-describedby", "github-device-note")) {
                    HTML.span { offer.buttonTitle }
                }
            }
            HTML.p(.class("list-section__footer"), .id("github-device-note")) { offer.note }
        }
    }

    private func form(_ page: PageContext) -> HTML {
        let error = screen.error
        return .form(.class("list-section github-sign-in__form"), .attr("method", "post"), .attr("action", GitHubPath.signIn.path),
                     .attr("data-github-sign-in", ""), .attr("novalidate", "")) {
            CSRFInput.html(page)
            if let offer = screen.deviceFlow { HTML.h2(.class("list-section__header github-sign-in__or")) { offer.tokenHeading } }
            HTML.label(.class("list-section__header"), .attr("for", "github-token")) { screen.fieldLabel }
            HTML.div(.class(error == nil ? "list-section__body form-cells" : "list-section__body form-cells has-error")) {
                HTML.div(.class("form-cell github-token")) {
                    HTML.input(
                        .class("form-cell__input github-token__input"), .id("github-token"), .name("token"), .type("password"),
                        .attr("autocomplete", "off"), .attr("autocapitalize", "off"), .attr("spellcheck", "false"),
                        .attr("placeholder", screen.placeholder), .attr("aria-describedby", "github-token-hint github-token-error"),
                        .attr("aria-invalid", "true", when: error != nil))
                    HTML.button(.class("github-token__toggle"), .type("button"), .attr("aria-controls", "github-token"),
                                .attr("aria-pressed", "false"), .attr("data-show", page.t("github.signIn.show")),
                                .attr("data-hide", page.t("github.signIn.hide")), .flag("hidden")) { page.t("github.signIn.show") }
                }
            }
            HTML.p(.class("list-section__footer github-sign-in__hint"), .id("github-token-hint")) { screen.hint }
            HTML.div(.class("github-sign-in__error"), .id("github-token-error"), .attr("role", "alert"), .flag("hidden", when: error == nil)) {
                HTML.strong(.class("github-sign-in__error-title")) { error?.title ?? "" }
                " "
                HTML.span(.class("github-sign-in__error-message")) { error?.message ?? "" }
            }
            HTML.div(.class("github-sign-in__actions")) {
                HTML.button(.class("button button--filled github-sign-in__button"), .type("submit")) {
                    HTML.span(.class("github-sign-in__busy"), .flag("hidden")) { ActivityIndicator.html(page) }
                    HTML.span { screen.buttonTitle }
                }
            }
        }
    }
}
