import GitHub
import Hummingbird
import SafeMarkdown
import WebShell

/// A folder of the code browser (issue 49): the branch or tag shown (which opens the picker),
/// the commits at the root, then the entries, folders first; the back item is the parent folder,
/// or the repository at the root.
struct CodeTreeView {
    let screen: CodeTreeScreen
    /// The "Image" placeholder's label, for the README's pictures without a proxy.
    let imageLabel: String
    /// The folder's README made safe, when `screen.readme` is Markdown.
    var readme: SanitizedHTML?

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        let location = screen.location
        return CodeFrame.screen(title: screen.title, back: screen.back, caption: location, page, status: status) {
            CodeFrame.actions(
                referenceName: screen.referenceName, referenceLabel: screen.referenceLabel,
                commitsTitle: location.isRoot ? screen.commitsTitle : nil, location: location)
            content(page)
            readmeSection(page)
        }
    }

    private func content(_ page: PageContext) -> HTML {
        CodeFrame.list(screen.content, retry: CodeLinks.folder(screen.location), emptyClass: "code-empty", page) { rows in
            .section(.class("list-section"), .attr("aria-labelledby", "code-files-title")) {
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

    /// The folder's README under its entries (GitHub's order): its file name over it.
    private func readmeSection(_ page: PageContext) -> HTML {
        guard let section = screen.readme else { return .empty }
        let title: String
        switch section {
        case .markdown(let name, _), .failed(let name, _): title = name
        }
        return .section(.class("list-section code-readme"), .attr("aria-labelledby", "code-readme-title")) {
            HTML.h2(.class("list-section__header"), .id("code-readme-title"), .attr("dir", "auto")) { title }
            switch section {
            case .markdown(_, let file):
                HTML.div(.class("list-section__body markdown-body"), .attr("data-readme-path", file.path), .attr("data-image-label", imageLabel)) {
                    HTML.unescaped(sanitizedMarkup: readme?.markup ?? "")
                }
            case .failed(_, let notice):
                GitHubFrame.failure(notice, retry: CodeLinks.folder(screen.location), page)
            }
        }
    }
}
