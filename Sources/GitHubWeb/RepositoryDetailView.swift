import Foundation
import GitHub
import SafeMarkdown
import WebShell

/// A repository (GH-3, GH-4): its name and description, forks, stars and watchers, its licence,
/// a link to its page on GitHub, and its README rendered from Markdown and made safe.
struct RepositoryDetailView {
    let screen: RepositoryDetailScreen
    let selectedID: Int
    /// The README made safe, when `screen.readme` is Markdown.
    let readmeHTML: SanitizedHTML?
    /// Star or Unstar, or why the token cannot (issue 49); nil until the repository loads.
    var star: StarControl? = nil

    func html(_ page: PageContext) -> HTML {
        .article(.class("repo-detail")) {
            switch screen.content {
            case .loading(let label):
                HTML.p(.class("github-state")) { ActivityIndicator.html(page); " "; label }
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: GitHubPath.repository.link(selectedID), page)
            case .loaded(let details):
                header(details)
                if let star { StarButton.html(star, repositoryID: selectedID, page) }
                facts(details)
                code(details, page)
                readme(details, page)
            }
        }
    }

    private func header(_ details: RepositoryDetailScreen.Details) -> HTML {
        .header(.class("repo-detail__header")) {
            HTML.h1(.class("repo-detail__name"), .attr("dir", "auto")) { details.fullName }
            if let description = details.description { HTML.p(.class("repo-detail__description"), .attr("dir", "auto")) { description } }
            HTML.p(.class("repo-detail__updated")) { details.updatedText }
        }
    }

    private func facts(_ details: RepositoryDetailScreen.Details) -> HTML {
        .div(.class("list-section")) {
            HTML.ul(.class("cells repo-facts")) {
                for stat in details.stats {
                    HTML.li(.class("cell repo-stat"), .attr("data-stat", stat.kind.rawValue), .ariaLabel(stat.accessibilityLabel)) {
                        GitHubIcons.icon(for: stat.kind)
                        HTML.span(.class("repo-stat__label"), .attr("aria-hidden", "true")) { stat.label }
                        HTML.span(.class("repo-stat__value cell--value"), .attr("aria-hidden", "true")) { stat.value }
                    }
                }
                HTML.li(.class("cell repo-license"), .attr("data-has-license", details.hasLicense ? "true" : "false")) {
                    GitHubIcons.law
                    HTML.span(.class("repo-stat__label")) { details.licenseLabel }
                    HTML.span(.class("repo-stat__value")) { details.licenseText }
                }
                HTML.li(.class("cell cell--button")) {
                    HTML.a(.class("cell__button repo-web-link"), .href(details.webLink.url.absoluteString), .attr("target", "_blank"),
                           .attr("rel", "noopener noreferrer")) {
                        GitHubIcons.external
                        details.webLink.title
                    }
                }
            }
        }
    }

    /// The way to the code and the commits (issue 49), at the default branch.
    private func code(_ details: RepositoryDetailScreen.Details, _ page: PageContext) -> HTML {
        guard let location = CodeLocation(owner: details.details.ownerLogin, name: details.details.name) else { return .empty }
        return .div(.class("list-section")) {
            HTML.ul(.class("cells code-actions")) {
                HTML.li(.class("cell code-action")) {
                    HTML.a(.class("code-action__link repo-code-link"), .href(CodeLinks.folder(location)), .flag("data-github-loading")) {
                        GitHubIcons.code
                        HTML.span(.class("code-action__title")) { page.t("github.code.title") }
                    }
                }
                CodeFrame.commitsCell(title: page.t("github.commits.title"), location: location)
                issuesCell(.issues, icon: GitHubIcons.issueOpen, location: location, page)
                issuesCell(.pulls, icon: GitHubIcons.pullRequest, location: location, page)
            }
        }
    }

    /// "Issues" or "Pull Requests" (issue 49): the open ones.
    private func issuesCell(_ kind: IssueListKind, icon: HTML, location: CodeLocation, _ page: PageContext) -> HTML {
        .li(.class("cell code-action")) {
            HTML.a(.class("code-action__link repo-\(kind.rawValue)-link"), .href(CodeLinks.issues(location, kind: kind)), .flag("data-github-loading")) {
                icon
                HTML.span(.class("code-action__title")) { page.t("github.issues.\(kind.rawValue).title") }
            }
        }
    }

    private func readme(_ details: RepositoryDetailScreen.Details, _ page: PageContext) -> HTML {
        .section(.class("list-section repo-readme"), .attr("aria-labelledby", "repo-readme-title")) {
            HTML.h2(.class("list-section__header"), .id("repo-readme-title")) { screen.readmeTitle }
            switch screen.readme {
            case .loading(let label):
                HTML.p(.class("github-state")) { ActivityIndicator.html(page); " "; label }
            case .none(let text):
                HTML.p(.class("list-section__body prose repo-readme__none")) { text }
            case .failed(let notice):
                GitHubFrame.failure(notice, retry: GitHubPath.repository.link(selectedID), page)
            case .markdown(_, let path):
                HTML.div(.class("list-section__body markdown-body"), .attr("data-readme-path", path),
                         .attr("data-image-label", page.t("github.detail.readme.image"))) {
                    HTML.unescaped(sanitizedMarkup: readmeHTML?.markup ?? "")
                }
            }
        }
    }

    /// Relative links in a README point into the repository on GitHub, images to its raw files
    /// (the folder of the README's `download_url` when GitHub gave one, else
    /// `raw.githubusercontent.com`); a link to one of `folders` (or ending in `/`) opens the
    /// folder's page under `tree/`; every image goes through `proxiedImage` (the signed proxy,
    /// GH-3), and one it gives no address for is a placeholder naming it.
    static func links(
        _ details: RepositoryDetailScreen.Details, path: String, downloadURL: URL? = nil, folders: Set<String> = [], _ page: PageContext,
        proxiedImage: @escaping @Sendable (URL) -> String? = { _ in nil }
    ) -> ReadmeLinks {
        markdownLinks(
            web: details.webLink.url, owner: details.details.ownerLogin, name: details.details.name, ref: details.details.defaultBranch,
            path: path, downloadURL: downloadURL, folders: folders, page, proxiedImage: proxiedImage)
    }

    /// The links of a Markdown file at `path` on `ref` of the repository whose page is `web`
    /// (a README, or a Markdown file of the code browser, issue 49): as `links` says.
    static func markdownLinks(
        web webURL: URL, owner: String, name: String, ref: String, path: String, downloadURL: URL? = nil, folders: Set<String> = [],
        _ page: PageContext, proxiedImage: @escaping @Sendable (URL) -> String? = { _ in nil }
    ) -> ReadmeLinks {
        let folder = path.split(separator: "/").dropLast().map { String($0) + "/" }.joined()
        let branch = ref.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? ref
        let web = webURL.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
        let raw = "https://raw.githubusercontent.com/\(owner)/\(name)/\(branch)/\(folder)"
        let folderLinks = FolderLinks(fileRoot: "\(web)/blob/\(branch)/", folderRoot: "\(web)/tree/\(branch)/", folders: folders)
        return ReadmeLinks(
            linkBase: URL(string: "\(web)/blob/\(branch)/\(folder)"), folderLinks: folderLinks, imageBase: downloadURL.flatMap(Self.folder(of:)) ?? URL(string: raw),
            imagePlaceholderLabel: page.t("github.detail.readme.image"), proxiedImage: proxiedImage)
    }

    /// `https://raw.githubusercontent.com/o/r/main/docs/README.md?token=…` →
    /// `https://raw.githubusercontent.com/o/r/main/docs/`; nil unless http(s) with a host.
    static func folder(of file: URL) -> URL? {
        guard let scheme = file.scheme?.lowercased(), scheme == "http" || scheme == "https", file.host != nil,
              var components = URLComponents(url: file, resolvingAgainstBaseURL: true)
        else { return nil }
        components.query = nil
        components.fragment = nil
        let path = components.percentEncodedPath
        components.percentEncodedPath = path.lastIndex(of: "/").map { String(path[...$0]) } ?? "/"
        return components.url
    }
}
