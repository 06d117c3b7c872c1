import GitHub
import Hummingbird
import WebShell

/// The page around every screen of one repository's code, history and issues (issue 49): the
/// navigation bar with its back item, the repository's name over the screen, and the overlay the
/// script shows while the next screen loads. One frame, so the screens cannot drift apart.
extension CodeFrame {
    /// - Parameters:
    ///   - document: the head to use; nil: GitHub's own (`GitHubFrame.document`).
    ///   - caption: the repository named over the screen; nil when the screen names it itself.
    ///   - kind: classes added to `content github github-code` on `<main>`.
    static func screen(
        title: String, back: CodeBack, caption: CodeLocation?, kind: String = "", document: Document? = nil,
        _ page: PageContext, status: HTTPResponse.Status, @HTMLBuilder content: () -> HTML
    ) -> HTMLPage {
        (document ?? GitHubFrame.document(title: title, page)).page(page, status: status) {
            NavigationBar(title: title, back: .init(href: CodeLinks.back(back), label: back.title)).html(page)
            HTML.main(.class(kind.isEmpty ? "content github github-code" : "content github github-code \(kind)")) {
                if let caption { repositoryCaption(caption) }
                content()
            }
            GitHubFrame.loadingOverlay(page)
        }
    }

    /// The cells over a folder or the commits: the branch or tag shown (it opens the picker), and
    /// the way to the commits when `commitsTitle` is given.
    static func actions(referenceName: String?, referenceLabel: String, commitsTitle: String? = nil, location: CodeLocation) -> HTML {
        .div(.class("list-section")) {
            HTML.ul(.class("cells code-actions")) {
                referenceCell(name: referenceName, label: referenceLabel, location: location)
                if let commitsTitle { commitsCell(title: commitsTitle, location: location) }
            }
        }
    }

    /// A list's content: its rows as `loaded` draws them, or in their place what is loading, why
    /// it failed (with "Try Again" at `retry`), or the sentence saying there is nothing.
    static func list<Row>(
        _ content: ListContent<Row>, retry: String, emptyClass: String, _ page: PageContext, loaded: ([Row]) -> HTML
    ) -> HTML {
        switch content {
        case .loading(let label): GitHubFrame.loading(label, page)
        case .failed(let notice): GitHubFrame.failure(notice, retry: retry, page)
        case .empty(let text): .p(.class("github-state \(emptyClass)")) { text }
        case .loaded(let rows): loaded(rows)
        }
    }

    /// "Show More" under a list of pages: a link to the list with one more page, scrolled to the
    /// first row it adds, so it works without a script.
    static func showMore(_ title: String, href: String, kind: String) -> HTML {
        .div(.class("commit-list__more")) {
            HTML.a(.class("button \(kind)"), .href(href), .flag("data-github-loading")) { title }
        }
    }

    /// Under a list that stops before GitHub's does: why, and the way to the rest on GitHub.
    static func olderNote(_ note: String, link: CodeFileScreen.Link) -> HTML {
        .p(.class("list-section__footer")) {
            note
            " "
            HTML.a(.href(link.url.absoluteString), .attr("target", "_blank"), .attr("rel", "noopener noreferrer")) { link.title }
        }
    }
}

extension GitHubFrame {
    /// The activity indicator and what is loading, in place of a screen's content.
    static func loading(_ label: String, _ page: PageContext) -> HTML {
        .p(.class("github-state")) { ActivityIndicator.html(page); " "; label }
    }
}
