import Devices
import Foundation
import GitHub
import Hummingbird
import SafeMarkdown
import WebShell

/// `/github/repos/{owner}/{name}/tree`, `/blob` and `/refs` (issue 49): the code of any
/// repository the token can see, by folder and file, at any branch or tag. Each page is an
/// ordinary GET the service worker keeps, so a folder or file seen before opens offline.
struct CodeController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let readmes: RenderedReadmes
    let images: ReadmeImageProxy?
    let codeLines: any CodeLineRenderer
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(GitHubPath.code, use: folder)
        group.get(GitHubPath.file, use: file)
        group.get(GitHubPath.references, use: references)
    }

    private func service(for context: AppRequestContext) -> GitHubService {
        GitHubService(api: api, storage: storage(context.device))
    }

    /// A folder; a path that names a file sends the person to the file's page.
    @Sendable func folder(_ request: Request, context: AppRequestContext) async throws -> Response {
        let asked = try CodeRequest(request, context: context)
        let loaded = try await service(for: context).codeTreePage(asked.location)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        if case .loaded(.file) = loaded.contents { return SeeOther(CodeLinks.file(asked.location)).response(from: request, context: context) }
        let page = shell.page(context)
        let screen = CodeTreeScreen(
            location: asked.location, repository: loaded.repository, contents: loaded.contents, readme: loaded.readme,
            catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        var view = CodeTreeView(screen: screen, imageLabel: page.t("github.detail.readme.image"))
        if case .markdown(_, let readme)? = screen.readme {
            view.readme = await markdown(readme.text, path: readme.path, downloadURL: readme.downloadURL, loaded.repository, asked.location, page)
        }
        var failure: FailureNotice?
        if case .failed(let notice) = screen.content { failure = notice }
        return view.page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// A file: its lines through the renderer, a Markdown file rendered (unless `view=code`), a
    /// picture through the proxy; a path that names a folder sends the person to the folder.
    @Sendable func file(_ request: Request, context: AppRequestContext) async throws -> Response {
        let asked = try CodeRequest(request, context: context)
        let loaded = try await service(for: context).codeFilePage(asked.location)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = CodeFileScreen(
            location: asked.location, repository: loaded.repository, file: loaded.file, view: asked.fileView, catalogue: page.catalogue,
            timeZone: context.timeZone, now: now())
        if screen.isFolder { return SeeOther(CodeLinks.folder(asked.location)).response(from: request, context: context) }
        var view = CodeFileView(screen: screen, imageLabel: page.t("github.detail.readme.image"))
        var failure: FailureNotice?
        switch screen.content {
        case .text(let text) where screen.isMarkdown && screen.view == .preview:
            if case .loaded(let file) = loaded.file {
                view.markdown = await markdown(
                    text, path: file.entry.path, downloadURL: file.entry.downloadURL, loaded.repository, loaded.location, page)
            }
        case .text(let text):
            view.lines = await codeLines.lines(of: text, fileName: screen.title)
        case .image(let url):
            view.imageAddress = images?.address(for: url)
        case .failed(let notice):
            failure = notice
        case .loading, .notShown:
            break
        }
        return view.page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// The branch and tag picker.
    @Sendable func references(_ request: Request, context: AppRequestContext) async throws -> Response {
        let asked = try CodeRequest(request, context: context)
        let location = asked.location
        let loaded = try await service(for: context).referencesPage(owner: location.owner, name: location.name)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = ReferencesScreen(
            current: location, repository: loaded.repository, branches: loaded.branches, tags: loaded.tags, catalogue: page.catalogue,
            timeZone: context.timeZone, now: now())
        var failure: FailureNotice?
        if case .failed(let notice) = screen.branches { failure = notice }
        return ReferencesView(screen: screen, retry: CodeLinks.references(location))
            .page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// A Markdown file at `path` (a file shown, or a folder's README) made safe by the README
    /// pipeline: its relative links to GitHub at the ref shown, its pictures through the signed proxy.
    private func markdown(
        _ text: String, path: String, downloadURL: URL?, _ repository: Loadable<RepositoryDetails>, _ location: CodeLocation,
        _ page: PageContext
    ) async -> SanitizedHTML? {
        guard case .loaded(let repository) = repository else { return nil }
        let proxy = images
        let links = RepositoryDetailView.markdownLinks(
            web: GitHubWebAddress.repositoryPage(htmlURL: repository.htmlURL, owner: location.owner, name: location.name),
            owner: location.owner, name: location.name, ref: location.ref ?? repository.defaultBranch, path: path,
            downloadURL: downloadURL, page, proxiedImage: { proxy?.address(for: $0) })
        return await readmes.html(text, links: links)
    }
}
