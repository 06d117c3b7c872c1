import GitHub
import Hummingbird
import WebShell

/// "Sign in with GitHub" (issue 49): the code, large and selectable (a Copy button with the
/// script), the link that opens GitHub's page for it, the steps, and "Check Now", a form the
/// page's script presses by itself once the interval has passed. Or why the flow ended, with
/// "Start Again" and "Use a Token Instead". The device code never reaches the page.
struct DeviceSignInView {
    let screen: DeviceSignInScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        GitHubFrame.document(title: screen.title, page).page(page, status: status) {
            NavigationBar(title: screen.title, back: .init(href: GitHubPath.signIn.path, label: page.t("github.signIn.title"))).html(page)
            HTML.main(.class("content github github-sign-in github-device")) {
                if let code = screen.code { waiting(code, page) }
                if let ending = screen.ending { ended(ending, page) }
            }
        }
    }

    private func waiting(_ code: DeviceSignInScreen.Code, _ page: PageContext) -> HTML {
        .section(.class("list-section github-device__code-section"), .attr("aria-labelledby", "github-device-code-label")) {
            HTML.h2(.class("list-section__header"), .id("github-device-code-label")) { page.t("github.device.codeLabel") }
            HTML.div(.class("list-section__body github-device__card")) {
                HTML.p(.class("github-device__code"), .id("github-device-code")) { code.userCode }
                HTML.button(
                    .class("button github-device__copy"), .type("button"), .attr("data-github-copy", code.userCode),
                    .attr("data-copied", screen.copiedTitle), .flag("hidden")) { screen.copyTitle }
                HTML.a(
                    .class("button button--filled github-device__open"), .href(code.verificationURI.absoluteString), .attr("target", "_blank"),
                    .attr("rel", "noopener noreferrer")) { code.linkTitle }
            }
            HTML.ol(.class("list-section__footer github-device__steps")) {
                for step in code.steps { HTML.li { step } }
            }
            HTML.form(
                .class("github-device__check"), .attr("method", "post"), .attr("action", GitHubPath.deviceCheck.path),
                .attr("data-github-device-poll", String(code.pollSeconds))) {
                CSRFInput.html(page)
                HTML.p(.class("github-device__status"), .attr("role", "status")) { code.status }
                HTML.p(.class("github-device__expiry")) { code.expiry }
                HTML.button(.class("button github-device__check-button"), .type("submit")) { screen.checkTitle }
            }
            HTML.p(.class("github-device__token")) {
                HTML.a(.href(GitHubPath.signIn.path)) { screen.tokenTitle }
            }
        }
    }

    private func ended(_ ending: DeviceSignInScreen.Ending, _ page: PageContext) -> HTML {
        .section(.class("error-state github-device__ended"), .attr("role", "alert")) {
            HTML.h2(.class("error-state__title")) { ending.title }
            HTML.p(.class("error-state__message")) { ending.message }
            HTML.div(.class("error-state__actions github-device__actions")) {
                HTML.form(.attr("method", "post"), .attr("action", GitHubPath.device.path)) {
                    CSRFInput.html(page)
                    HTML.button(.class("button button--filled github-device__start-again"), .type("submit")) { screen.startAgainTitle }
                }
                HTML.a(.class("button github-device__use-token"), .href(GitHubPath.signIn.path)) { screen.tokenTitle }
            }
        }
    }
}
