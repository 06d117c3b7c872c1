import GitHub
import WebShell

/// What the code and history screens share (issue 49): the repository's name over them, the
/// cell naming the branch or tag shown (it opens the picker), the cell to the commits, and the
/// link to GitHub.
enum CodeFrame {
    /// `octo/hello`, small, over the screen: which repository the path belongs to.
    static func repositoryCaption(_ location: CodeLocation) -> HTML {
        .p(.class("code-caption"), .attr("dir", "auto")) { "\(location.owner)/\(location.name)" }
    }

    /// The branch or tag shown; nil until known (the repository did not load).
    static func referenceCell(name: String?, label: String, location: CodeLocation) -> HTML {
        .li(.class("cell code-action")) {
            HTML.a(.class("code-action__link code-reference"), .href(CodeLinks.references(location)), .ariaLabel(label),
                   .flag("data-github-loading")) {
                GitHubIcons.fork
                HTML.span(.class("code-action__title code-reference__name"), .attr("dir", "auto")) { name ?? "" }
            }
        }
    }

    static func commitsCell(title: String, location: CodeLocation) -> HTML {
        .li(.class("cell code-action")) {
            HTML.a(.class("code-action__link code-commits-link"), .href(CodeLinks.commits(location)), .flag("data-github-loading")) {
                GitHubIcons.history
                HTML.span(.class("code-action__title")) { title }
            }
        }
    }

    /// A path from the repository's root, where a line may break after each `/` before it breaks
    /// inside a name.
    static func path(_ path: String) -> HTML {
        .fragment {
            for (index, piece) in path.split(separator: "/", omittingEmptySubsequences: false).enumerated() {
                if index > 0 {
                    "/"
                    HTML.trusted("<wbr>")
                }
                String(piece)
            }
        }
    }

    /// "Open on GitHub", in a cell of its own.
    static func webLink(_ link: CodeFileScreen.Link) -> HTML {
        .div(.class("list-section")) {
            HTML.ul(.class("cells")) {
                HTML.li(.class("cell cell--button")) {
                    HTML.a(.class("cell__button code-web-link"), .href(link.url.absoluteString), .attr("target", "_blank"),
                           .attr("rel", "noopener noreferrer")) {
                        GitHubIcons.external
                        link.title
                    }
                }
            }
        }
    }

    /// Why something is not shown here, and the way to GitHub.
    static func notShown(title: String, message: String, link: CodeFileScreen.Link) -> HTML {
        .section(.class("empty-state code-not-shown")) {
            HTML.h2(.class("empty-state__title")) { title }
            HTML.p(.class("empty-state__message")) { message }
            HTML.a(.class("button button--filled"), .href(link.url.absoluteString), .attr("target", "_blank"),
                   .attr("rel", "noopener noreferrer")) { link.title }
        }
    }
}
