import GitHub
import WebShell

/// The GitHub screens' SVG icons (GH-8), drawn inline so they take the text's colour.
enum GitHubIcons {
    static let star = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 .8l2.2 4.5 5 .7-3.6 3.5.9 5L8 12.1l-4.5 2.4.9-5L.8 6l5-.7z"/></svg>"#)
    static let fork = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M5 3.3a1.8 1.8 0 1 1-1.5 0V5a1.5 1.5 0 0 0 1.5 1.5h6A1.5 1.5 0 0 0 12.5 5V3.3a1.8 1.8 0 1 1 1.5 0V5a3 3 0 0 1-3 3H8.8v4.7a1.8 1.8 0 1 1-1.5 0V8H5a3 3 0 0 1-3-3z"/></svg>"#)
    static let eye = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8 3C4.4 3 1.6 5.4.5 8c1.1 2.6 3.9 5 7.5 5s6.4-2.4 7.5-5C14.4 5.4 11.6 3 8 3zm0 8.3A3.3 3.3 0 1 1 8 4.7a3.3 3.3 0 0 1 0 6.6zM8 6.3a1.7 1.7 0 1 0 0 3.4 1.7 1.7 0 0 0 0-3.4z"/></svg>"#)
    static let law = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M8.8 1v1.5h4.4l2.3 5.2c-.4 1.3-1.6 2.1-3 2.1s-2.6-.8-3-2.1L11.7 4H8.8v9.5H12V15H4v-1.5h3.3V4H4.3l2.2 3.7c-.4 1.3-1.6 2.1-3 2.1S.9 9 .5 7.7L2.8 2.5h4.5V1zm3.7 4.4L11 8.2h3zM3.5 5.4L2 8.2h3z"/></svg>"#)
    static let external = HTML.trusted(#"<svg class="github-icon" viewBox="0 0 16 16" aria-hidden="true" focusable="false"><path d="M9 2h5v5h-1.5V4.6L7.1 10 6 8.9l5.4-5.4H9zM2 4h5v1.5H3.5v7h7V9H12v5H2z"/></svg>"#)

    static func icon(for kind: RepositoryDetailScreen.Stat.Kind) -> HTML {
        switch kind {
        case .forks: fork
        case .stars: star
        case .watchers: eye
        }
    }
}
