import GitHub
import Hummingbird
import WebShell

/// A folder of the code browser (issue 49): the branch or tag shown (which opens the picker),
/// the commits at the root, then the entries, folders first; the back item is the parent folder,
/// or the repository at the root.
struct CodeTreeView {
    let screen: CodeTreeScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let location = screen.location
        return GitHubFrame.document(title: screen.title, page).page(page, status: status) {
            NavigationBar(title: screen.title, back: .init(href: CodeLinks.back(screen.back), label: screen.back.title)).html(page)
            HTML.main(.class("content github github-code")) {
                CodeFrame.repositoryCaption(location)
                HTML.div(.class("list-section")) {
                    HTML.ul(.class("cells code-actions")) {
                        CodeFrame.referenceCell(name: screen.referenceName, label: screen.referenceLabel, location: location)
                        if location.isRoot { CodeFrame.commitsCell(title: screen.commitsTitle, location: location) }
                    }
                }
                content(page)
            }
            GitHubFrame.loadingOverlay(page)
        }
    }

    private func content(_ page: PageContext) -> HTML {
        switch screen.content {
        case .loading(let label):
            return .p(.class("github-state")) { ActivityIndicator.html(page); " "; label }
        case .failed(let notice):
            return GitHubFrame.failure(notice, retry: CodeLinks.folder(screen.location), page)
        case .empty(let text):
            return .p(.class("github-state code-empty")) { text }
        case .loaded(let rows):
            return .section(.class("list-section"), .attr("aria-labelledby", "code-files-title")) {
                HTML.h2(.class("list-section__header"), .id("code-files-title")) { screen.filesTitle }
                HTML.ul(.class("cells code-entries")) {
                    for row in rows { entry(row) }
                }
                if let note = screen.truncationNote { HTML.p(.class("list-section__footer")) { note } }
            }
        }
    }

    private func entry(_ row: CodeTreeScreen.Row) -> HTML {
        .li(.class("cell code-entry"), .attr("data-kind", row.kind.rawValue)) {
            HTML.a(.class("code-entry__link"), .href(CodeLinks.entry(row)), .flag("data-github-loading")) {
                GitHubIcons.icon(for: row.kind)
                HTML.span(.class("visually-hidden")) { row.kindName + ": " }
                HTML.span(.class("code-entry__name"), .attr("dir", "auto")) { row.name }
                if let size = row.sizeText { HTML.span(.class("code-entry__size")) { size } }
            }
        }
    }
}
