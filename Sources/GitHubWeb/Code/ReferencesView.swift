import GitHub
import Hummingbird
import WebShell

/// The branch and tag picker (issue 49): two inset grouped sections, the one shown checked; each
/// row opens the code at that branch or tag. Plain links: it works without a script.
struct ReferencesView {
    let screen: ReferencesScreen
    /// Where "Try Again" leads.
    let retry: String

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        CodeFrame.screen(title: screen.title, back: screen.back, caption: nil, page, status: status) {
            section(id: "references-branches", title: screen.branchesTitle, screen.branches, note: screen.branchesNote, page)
            section(id: "references-tags", title: screen.tagsTitle, screen.tags, note: screen.tagsNote, page)
        }
    }

    private func section(id: String, title: String, _ section: ReferencesScreen.Section, note: String?, _ page: PageContext) -> HTML {
        .section(.class("list-section"), .attr("aria-labelledby", id)) {
            HTML.h2(.class("list-section__header"), .id(id)) { title }
            switch section {
            case .loading(let label):
                GitHubFrame.loading(label, page)
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: retry, page)
            case .empty(let text):
                HTML.p(.class("list-section__body prose code-empty")) { text }
            case .loaded(let rows):
                HTML.ul(.class("cells code-references")) {
                    for row in rows { self.row(row) }
                }
                if let note { HTML.p(.class("list-section__footer")) { note } }
            }
        }
    }

    private func row(_ row: ReferencesScreen.Row) -> HTML {
        .li(.class("cell code-reference-row")) {
            HTML.a(.class("code-reference-row__link"), .href(CodeLinks.folder(row.location)),
                   .attr("aria-current", "true", when: row.isCurrent), .flag("data-github-loading")) {
                HTML.span(.class("code-reference-row__name"), .attr("dir", "auto")) { row.name }
                if let badge = row.badge { HTML.span(.class("repo-badge")) { badge } }
                if row.isCurrent { HTML.span(.class("code-reference-row__check"), .attr("aria-hidden", "true")) }
            }
        }
    }
}
