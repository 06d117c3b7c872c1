import GitHub
import WebShell

/// Labels as chips (issue 49): each name on its colour, named by `data-color` for the labels'
/// stylesheet (the CSP forbids inline styles); a list, so a screen reader counts them.
enum IssueLabelsView {
    static func html(_ chips: [LabelChip], label: String) -> HTML {
        guard !chips.isEmpty else { return .empty }
        return .ul(.class("issue-labels"), .ariaLabel(label)) {
            for chip in chips {
                HTML.li(.class("issue-label"), .attr("data-color", chip.colorKey), .attr("dir", "auto")) { chip.name }
            }
        }
    }

    /// The page's link to the labels' stylesheet, when it shows any label.
    static func stylesheet(for chips: [LabelChip]) -> [HTML] {
        LabelStylesheet.href(for: chips).map { [HTML.link(.attr("rel", "stylesheet"), .href($0))] } ?? []
    }

    /// The state's icon: open or closed, an issue's or a pull request's, named by its state.
    static func state(isOpen: Bool, isPull: Bool, text: String) -> HTML {
        .span(.class("issue-state issue-state--\(isOpen ? "open" : "closed")"), .attr("role", "img"), .ariaLabel(text)) {
            isPull ? GitHubIcons.pullRequest : (isOpen ? GitHubIcons.issueOpen : GitHubIcons.issueClosed)
        }
    }
}
