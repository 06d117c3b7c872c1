import GitHub
import WebShell

/// The GitHub screens' SVG icons (GH-8), drawn inline so they take the text's colour.
enum GitHubIcons {
    static let star = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 .8l2.2 4.5 5 .7-3.6 3.5.9 5L8 12.1l-4.5 2.4.9-5L.8 6l5-.7z"/></svg>"#)
    static let fork = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M5 3.3a1.8 1.8 0 1 1-1.5 0V5a1.5 1.5 0 0 0 1.5 1.5h6A1.5 1.5 0 0 0 12.5 5V3.3a1.8 1.8 0 1 1 1.5 0V5a3 3 0 0 1-3 3H8.8v4.7a1.8 1.8 0 1 1-1.5 0V8H5a3 3 0 0 1-3-3z"/></svg>"#)
    static let eye = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 3C4.4 3 1.6 5.4.5 8c1.1 2.6 3.9 5 7.5 5s6.4-2.4 7.5-5C14.4 5.4 11.6 3 8 3zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z"/></svg>"#)
    static let law = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8.8 1v1.5h4.4l2.3 5.2c-.4 1.3-1.6 2.1-3 2.1s-2.6-.8-3-2.1L11.7 4H8.8v9.5H12V15H4v-1.5h3.3V4H4.3l2.2 3.7c-.4 1.3-1.6 2.1-3 2.1S.9 9 .5 7.7L2.8 2.5h4.5V1zm3.7 4.4L11 8.2h3zM3.5 5.4L2 8.2h3z"/></svg>"#)
    static let external = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M9 2h5v5h-1.5V4.6L7.1 10 6 8.9l5.4-5.4H9zM2 4h5v1.5H3.5v7h7V9H12v5H2z"/></svg>"#)

    // The code browser's and the history's (issue 49).
    static let folder = HTML.trusted(#"<svg class="github-icon github-icon--folder" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M1 3.5A1.5 1.5 0 0 1 2.5 2h3.4l1.6 1.6h6A1.5 1.5 0 0 1 15 5.1v7.4a1.5 1.5 0 0 1-1.5 1.5h-11A1.5 1.5 0 0 1 1 12.5z"/></svg>"#)
    static let file = HTML.trusted(#"<svg class="github-icon github-icon--file" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M3.5 1h6l3.5 3.5v9A1.5 1.5 0 0 1 11.5 15h-8A1.5 1.5 0 0 1 2 13.5v-11A1.5 1.5 0 0 1 3.5 1zm0 1.5v11h8V5.6H8.4V2.5z"/></svg>"#)
    static let submodule = HTML.trusted(#"<svg class="github-icon github-icon--file" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M3 1h9.5A1.5 1.5 0 0 1 14 2.5v11a1.5 1.5 0 0 1-1.5 1.5H3A1.5 1.5 0 0 1 1.5 13.5v-11A1.5 1.5 0 0 1 3 1zm0 1.5v11h9.5v-11zM5 5h5.5v1.5H5zm0 3h5.5v1.5H5z"/></svg>"#)
    static let history = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1zm0 1.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM7.25 4h1.5v3.6l2.6 1.5-.75 1.3-3.35-1.9z"/></svg>"#)
    static let code = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M5.3 3.9l1.1 1.1L3.4 8l3 3-1.1 1.1L1.2 8zm5.4 0L14.8 8l-4.1 4.1-1.1-1.1 3-3-3-3z"/></svg>"#)

    // Issues, pull requests, comments and search (issue 49).
    static let issueOpen = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1zm0 1.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zM8 6.5a1.5 1.5 0 1 1 0 3 1.5 1.5 0 0 1 0-3z"/></svg>"#)
    static let issueClosed = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M8 1a7 7 0 1 1 0 14A7 7 0 0 1 8 1zm0 1.5a5.5 5.5 0 1 0 0 11 5.5 5.5 0 0 0 0-11zm2.7 3l1.1 1.1-4.6 4.6-2.9-2.9 1.1-1.1 1.8 1.8z"/></svg>"#)
    static let pullRequest = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M4 3.3a1.8 1.8 0 1 1-1.5 0v9.4a1.8 1.8 0 1 1 1.5 0zm8.5 9.4a1.8 1.8 0 1 1-1.5 0V6a1 1 0 0 0-1-1H8.6l1.5 1.5-1 1L5.8 4.2 9 1l1 1-1.4 1.5H10A2.5 2.5 0 0 1 12.5 6z"/></svg>"#)
    static let comment = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path fill-rule="evenodd" d="M2.5 2h11A1.5 1.5 0 0 1 15 3.5v7a1.5 1.5 0 0 1-1.5 1.5H8l-3.5 3v-3h-2A1.5 1.5 0 0 1 1 10.5v-7A1.5 1.5 0 0 1 2.5 2zm0 1.5v7H6v1.3l1.5-1.3h6v-7z"/></svg>"#)

    static func icon(for kind: ContentEntry.Kind) -> HTML {
        switch kind {
        case .folder: folder
        case .file: file
        case .symlink: external
        case .submodule: submodule
        }
    }

    static func icon(for kind: RepositoryDetailScreen.Stat.Kind) -> HTML {
        switch kind {
        case .forks: fork
        case .stars: star
        case .watchers: eye
        }
    }
}
