import GitHub
import Hummingbird
import WebShell

/// One commit (issue 49): its message, author, when and SHA; the totals; then each file it
/// changed with its status and counts and its diff, or why none is shown.
struct CommitView {
    let screen: CommitScreen

    func page(_ page: PageContext, status: HTTPResponse.Status) -> HTMLPage {
        CodeFrame.screen(title: screen.title, back: screen.back, caption: screen.location, kind: "github-code--commit", page, status: status) {
            switch screen.content {
            case .loading(let label):
                GitHubFrame.loading(label, page)
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: CodeLinks.commit(screen.location, sha: screen.sha), page)
            case .loaded(let details):
                message(details)
                files(details)
                CodeFrame.webLink(details.webLink)
            }
        }
    }

    private func message(_ details: CommitScreen.Details) -> HTML {
        .header(.class("commit-header")) {
            HTML.h2(.class("commit-header__headline"), .attr("dir", "auto")) { details.headline }
            if !details.body.isEmpty { HTML.p(.class("commit-header__body"), .attr("dir", "auto")) { details.body } }
            HTML.p(.class("commit-header__meta")) {
                HTML.span(.class("commit-header__author"), .attr("dir", "auto")) { details.author }
                HTML.span(.class("commit-header__date")) { details.dateText }
            }
            HTML.p(.class("commit-header__sha")) { HTML.code { details.sha } }
        }
    }

    private func files(_ details: CommitScreen.Details) -> HTML {
        .section(.class("list-section commit-files"), .attr("aria-labelledby", "commit-files-title")) {
            HTML.h2(.class("list-section__header commit-files__title"), .id("commit-files-title")) {
                HTML.span { details.filesTitle }
                counts(details.additions, details.deletions, label: details.countsLabel)
            }
            for (index, file) in details.files.enumerated() { self.file(file, index: index) }
        }
    }

    private func file(_ file: CommitScreen.FileChange, index: Int) -> HTML {
        .article(.class("commit-file"), .attr("data-status", file.status.rawValue), .attr("aria-labelledby", "commit-file-\(index)")) {
            HTML.header(.class("commit-file__header")) {
                HTML.span(.class("commit-file__status commit-file__status--\(file.status.rawValue)")) { file.statusText }
                HTML.element("h3", [.class("commit-file__name"), .id("commit-file-\(index)"), .attr("dir", "auto")], children: [CodeFrame.path(file.filename)])
                counts(file.additions, file.deletions, label: file.countsLabel)
            }
            if let note = file.previousNote { HTML.p(.class("commit-file__previous"), .attr("dir", "auto")) { note } }
            switch file.diff {
            case .lines(let lines): DiffView.html(lines, label: file.diffLabel)
            case .notShown(let reason): HTML.p(.class("commit-file__no-diff")) { reason }
            }
        }
    }

    /// "+12 −3", spoken as "12 additions, 3 deletions".
    private func counts(_ additions: Int, _ deletions: Int, label: String) -> HTML {
        .span(.class("diff-counts"), .attr("role", "img"), .ariaLabel(label)) {
            HTML.span(.class("diff-counts__added"), .attr("aria-hidden", "true")) { "+\(additions)" }
            HTML.span(.class("diff-counts__removed"), .attr("aria-hidden", "true")) { "−\(deletions)" }
        }
    }
}
