import GitHub
import Hummingbird
import Localization
import SafeMarkdown
import WebShell

/// A file of the code browser (issue 49): its path and facts, then its lines (numbered,
/// anchored, highlighted by the app's `CodeLineRenderer`), or a Markdown file rendered by the
/// README pipeline with a Preview / Code toggle (links, so it works without a script), or a
/// picture through the image proxy, or why it is not shown; "Open on GitHub" under it.
struct CodeFileView {
    let screen: CodeFileScreen
    /// The lines, when the file is shown as code.
    var lines: CodeLines?
    /// The rendered Markdown, when a Markdown file is previewed.
    var markdown: SanitizedHTML?
    /// The picture's same-origin address, when the file is a picture the proxy can show.
    var imageAddress: String?
    /// The "Image" placeholder's label, for a picture without a proxy.
    var imageLabel: String

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        var document = GitHubFrame.document(title: screen.title, page)
        document.head.append(.link(.attr("rel", "stylesheet"), .href(HighlightStylesheetRoute.href)))
        if case .text(let text) = screen.content { document.expectedBytes = 64 * 1024 + text.utf8.count * 2 }
        return CodeFrame.screen(
            title: screen.title, back: screen.back, caption: nil, kind: "github-code--file", document: document, page, status: status
        ) {
            header
            content(page)
            if screen.showsWebLinkCell { CodeFrame.webLink(screen.webLink) }
        }
    }

    private var header: HTML {
        .header(.class("code-file__header")) {
            CodeFrame.repositoryCaption(screen.location)
            HTML.p(.class("code-file__path"), .attr("dir", "auto")) { CodeFrame.path(screen.location.path) }
            if let facts = screen.facts { HTML.p(.class("code-file__facts")) { facts } }
            if screen.isMarkdown {
                SegmentedControl(label: screen.viewLabel, segments: [
                    .init(href: CodeLinks.file(screen.location), label: screen.previewTitle, isSelected: screen.view == .preview),
                    .init(href: CodeLinks.file(screen.location, view: .code), label: screen.codeTitle, isSelected: screen.view == .code),
                ]).html
            }
        }
    }

    private func content(_ page: PageContext) -> HTML {
        switch screen.content {
        case .loading(let label):
            return GitHubFrame.loading(label, page)
        case .failed(let notice):
            return GitHubFrame.failure(notice, retry: CodeLinks.file(screen.location, view: screen.view == .code ? .code : nil), page)
        case .notShown(let title, let message):
            return CodeFrame.notShown(title: title, message: message, link: screen.webLink)
        case .image:
            return .div(.class("code-image")) {
                if let imageAddress {
                    HTML.img(.class("code-image__picture"), .attr("src", imageAddress), .attr("alt", screen.title))
                } else {
                    HTML.span(.class("readme-image-placeholder"), .attr("role", "img"), .ariaLabel("\(imageLabel): \(screen.title)")) {
                        HTML.span(.class("readme-image-placeholder-label")) { imageLabel }
                        " "
                        screen.title
                    }
                }
            }
        case .text(let text) where text.isEmpty:
            return .p(.class("github-state code-empty")) { screen.emptyNote }
        case .text:
            if let markdown, screen.view == .preview {
                return .div(.class("list-section")) {
                    HTML.div(.class("list-section__body markdown-body"), .attr("data-image-label", imageLabel)) {
                        HTML.unescaped(sanitizedMarkup: markdown.markup)
                    }
                }
            }
            let code = CodeLinesView.html(lines?.lines ?? [], label: screen.codeLabel)
            guard let cut = lines?.cutAtLine else { return code }
            return .fragment {
                code
                Self.cutNote(atLine: cut, page.catalogue)
            }
        }
    }

    /// The note under a file the highlighter's time budget cut short (issue 49): where colour
    /// stops, by the line number the code view shows (`cut` is the first plain line's index).
    static func cutNote(atLine cut: Int, _ catalogue: Catalogue) -> HTML {
        .p(.class("code-file__note")) { catalogue.text("github.file.highlightCut", ["line": String(cut + 1)]) }
    }
}

extension CodeFileScreen {
    /// "Open on GitHub" in a cell under the file; a file not shown has it as its button, and a
    /// failure has "Try Again" instead.
    var showsWebLinkCell: Bool {
        switch content {
        case .failed, .notShown: false
        case .loading, .text, .image: true
        }
    }
}
