import Devices
import Foundation
import GitHub
import Hummingbird
import SafeMarkdown
import WebShell

/// `/github/repos/{owner}/{name}/issues`, `/pulls` and one of each (issue 49): any repository's
/// issues and pull requests, open or closed, and one with its body and comments rendered by the
/// README pipeline (the same sanitizer, the same signed image proxy).
struct IssuesController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let readmes: RenderedReadmes
    let images: ReadmeImageProxy?
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(GitHubPath.issues, use: issues)
        group.get(GitHubPath.pulls, use: pulls)
        group.get(GitHubPath.issue, use: issue)
        group.get(GitHubPath.pull, use: pull)
    }

    private func service(for context: AppRequestContext) -> GitHubService {
        GitHubService(api: api, storage: storage(context.device))
    }

    @Sendable func issues(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await list(.issues, request, context: context)
    }

    @Sendable func pulls(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await list(.pulls, request, context: context)
    }

    @Sendable func issue(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await item(.issues, request, context: context)
    }

    @Sendable func pull(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await item(.pulls, request, context: context)
    }

    /// Pages 1 through `?page=` of the open (or `?state=closed`) issues or pull requests.
    private func list(_ kind: IssueListKind, _ request: Request, context: AppRequestContext) async throws -> Response {
        let asked = try IssueRequest(request, context: context)
        let location = asked.location
        let loaded = try await service(for: context).issuesPage(
            owner: location.owner, name: location.name, kind: kind, state: asked.state, pages: asked.pages)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = IssueListScreen(location: location, page: loaded, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        var failure: FailureNotice?
        if case .failed(let notice) = screen.content { failure = notice }
        return IssueListView(screen: screen).page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// One issue or pull request, its Markdown made safe.
    private func item(_ kind: IssueListKind, _ request: Request, context: AppRequestContext) async throws -> Response {
        let location = try IssueRequest(request, context: context).location
        let number = try IssueRequest.number(context)
        let loaded = try await service(for: context).issuePage(owner: location.owner, name: location.name, number: number)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = IssueScreen(
            location: location, kind: kind, number: number, page: loaded, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        var view = IssueView(screen: screen, imageLabel: page.t("github.detail.readme.image"))
        var failure: FailureNotice?
        switch screen.content {
        case .failed(let notice):
            failure = notice
        case .loaded(let details):
            if case .loaded(let repository) = loaded.repository {
                let links = markdownLinks(repository, location: location, page)
                if let markdown = details.markdown { view.body = await readmes.html(markdown, links: links) }
                if case .loaded(let comments) = details.comments {
                    for comment in comments { view.comments[comment.id] = await readmes.html(comment.markdown, links: links) }
                }
            }
        case .loading:
            break
        }
        return view.page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// An issue's Markdown links as a README's at the repository's root on its default branch:
    /// relative links to GitHub, pictures through the signed proxy.
    private func markdownLinks(_ repository: RepositoryDetails, location: CodeLocation, _ page: PageContext) -> ReadmeLinks {
        let proxy = images
        return RepositoryDetailView.markdownLinks(
            web: GitHubWebAddress.repositoryPage(htmlURL: repository.htmlURL, owner: location.owner, name: location.name),
            owner: location.owner, name: location.name, ref: repository.defaultBranch, path: "", page,
            proxiedImage: { proxy?.address(for: $0) })
    }
}
