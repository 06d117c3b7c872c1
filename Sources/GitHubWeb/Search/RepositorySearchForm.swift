import WebShell

/// The repository list's search field (issue 49): a real `<form role="search">` that GETs
/// `/github/search?q=`, so it works without a script; its input labelled, the query kept.
enum RepositorySearchForm {
    /// GitHub refuses queries over 256 characters (422); longer ones are not sent.
    static let maximumQueryLength = 256

    static func html(query: String, _ page: PageContext) -> HTML {
        .form(.class("github-search"), .attr("role", "search"), .attr("action", GitHubPath.search.path), .attr("method", "get")) {
            HTML.label(.class("visually-hidden"), .attr("for", "github-search-query")) { page.t("github.search.field") }
            HTML.input(
                .type("search"), .id("github-search-query"), .name("q"), .value(query), .class("github-search__input"),
                .attr("placeholder", page.t("github.search.placeholder")), .attr("enterkeyhint", "search"), .attr("autocapitalize", "off"),
                .attr("autocomplete", "off"), .attr("spellcheck", "false"), .attr("maxlength", String(maximumQueryLength)))
            HTML.button(.class("button github-search__button"), .type("submit"), .flag("data-github-loading")) { page.t("github.search.button") }
        }
    }
}
