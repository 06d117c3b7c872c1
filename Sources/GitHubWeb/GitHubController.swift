import Devices
import Foundation
import GitHub
import Hummingbird
import SafeMarkdown
import WebShell

/// `/github`: sign-in (GH-1), the list (GH-2) and a repository (GH-3), each talking to one
/// device's `GitHubService` (GH-9). A missing or refused token leads back to sign-in.
struct GitHubController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let readmes: RenderedReadmes
    let images: ReadmeImageProxy?
    /// Whether sign-in offers "Sign in with GitHub" first (issue 49).
    let offersDeviceFlow: Bool
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(GitHubPath.list, use: list)
        group.get(GitHubPath.signIn, use: signInForm)
        group.post(GitHubPath.signIn, use: signIn)
        group.get(GitHubPath.signOut, use: signOutQuestion)
        group.post(GitHubPath.signOut, use: signOut)
        group.get(GitHubPath.repository, use: repository)
        group.get(GitHubPath.languages, use: languages)
        group.get(GitHubPath.highlight, use: highlight)
        group.get(GitHubPath.labels, use: labels)
        group.get(GitHubPath.readmeImage, use: readmeImage)
    }

    private func repository(for context: AppRequestContext) -> GitHubService {
        GitHubService(api: api, storage: storage(context.device))
    }

    // MARK: - Sign in and out (GH-1, GH-6)

    @Sendable func signInForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let appRepository = repository(for: context)
        if try await appRepository.isSignedIn { return SeeOther(GitHubPath.list.path).response(from: request, context: context) }
        let reason = request.uri.queryParameters.get("reason").flatMap(SignInReason.init(rawValue:))
        let failure: GitHubFailure? = switch reason {
        case .badCredentials: .badCredentials
        case .signedOut, nil: nil
        }
        let page = shell.page(context)
        let screen = SignInScreen(
            failure: failure, offersDeviceFlow: offersDeviceFlow, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        return SignInView(screen: screen).page(page, status: .ok).response(from: request, context: context)
    }

    struct SignInForm: Decodable {
        var token: String?
    }

    /// Signs in with the posted token; the list on success. A failure shows the form again with
    /// the reason, its field empty: a token is never written back into a page. The script posts
    /// the same form and gets JSON, so what was typed stays in the field.
    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let form = try context.decodeForm(SignInForm.self)
        do {
            try await repository(for: context).signIn(token: form.token ?? "")
        } catch let failure as GitHubFailure {
            let page = shell.page(context)
            let screen = SignInScreen(
                failure: failure, offersDeviceFlow: offersDeviceFlow, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
            let status = GitHubAnswers.status(for: failure)
            if request.wantsJSON {
                let notice = screen.error.map { SignInReply.Failure(title: $0.title, message: $0.message) }
                return try JSONReply(SignInReply(location: nil, failure: notice), status: status).response(from: request, context: context)
            }
            return SignInView(screen: screen).page(page, status: status).response(from: request, context: context)
        }
        return try await ActionReply(to: request, seeOther: GitHubPath.list.path) {
            SignInReply(location: GitHubPath.list.path, failure: nil)
        }.response(from: request, context: context)
    }

    @Sendable func signOut(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        try await repository(for: context).signOut()
        return SeeOther(GitHubPath.signIn.path)
    }

    // MARK: - List and detail (GH-2, GH-3, GH-4, GH-5)

    @Sendable func list(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await listPage(request, context: context, asksToSignOut: false)
    }

    /// "Sign Out" asks first (issue 37): the list under an action sheet naming the account, whose
    /// red button posts. A plain GET, so it works without a script.
    @Sendable func signOutQuestion(_ request: Request, context: AppRequestContext) async throws -> Response {
        try await listPage(request, context: context, asksToSignOut: true)
    }

    private func listPage(_ request: Request, context: AppRequestContext, asksToSignOut: Bool) async throws -> Response {
        let appRepository = repository(for: context)
        let repositories = try await appRepository.listPage()
        if let away = GitHubAnswers.signIn(after: repositories.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = RepositoryListScreen(repositories: repositories, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        var view = RepositoryListView(list: screen, detail: nil, account: await account(appRepository, page))
        view.asksToSignOut = asksToSignOut
        return view.page(page, status: GitHubAnswers.status(of: repositories)).response(from: request, context: context)
    }

    /// Who is signed in, asked after the screen's own calls (a refused token has sent the person
    /// to sign-in by then), with the picture's proxied address.
    private func account(_ appRepository: GitHubService, _ page: PageContext) async -> AccountView {
        let user = await appRepository.signedInUser()
        return AccountView(
            account: SignedInAccount(user: user, catalogue: page.catalogue),
            avatarAddress: user?.avatarURL.flatMap { images?.address(for: $0) })
    }

    /// A repository, with the list beside it where the screen is wide enough (GH-5): both asked
    /// at once; the README once the details name the branch.
    @Sendable func repository(_ request: Request, context: AppRequestContext) async throws -> Response {
        let id = try context.pathNumber("id", in: 1...Int.max)
        let appRepository = repository(for: context)
        let loaded = try await appRepository.repositoryPage(id: id)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let zone = context.timeZone
        let listScreen = RepositoryListScreen(repositories: loaded.repositories, catalogue: page.catalogue, timeZone: zone, now: now())
        let detail = RepositoryDetailScreen(
            repository: loaded.row, details: loaded.details, readme: loaded.readme, catalogue: page.catalogue, timeZone: zone, now: now())
        var readmeHTML: SanitizedHTML?
        if case .markdown(let markdown, let path) = detail.readme, case .loaded(let repository) = detail.content {
            var downloadURL: URL?
            if case .loaded(let readme?) = loaded.readme { downloadURL = readme.downloadURL }
            let proxy = images
            let links = RepositoryDetailView.links(
                repository, path: path, downloadURL: downloadURL, folders: loaded.tree?.folders ?? [], page,
                proxiedImage: { proxy?.address(for: $0) })
            readmeHTML = await readmes.html(markdown, links: links)
        }
        var detailView = RepositoryDetailView(screen: detail, selectedID: id, readmeHTML: readmeHTML)
        if case .loaded(let details) = loaded.details {
            // Whether it is starred (issue 49), asked once the details name it; a refused or
            // failed change is said once, from the address the star's form sent the person to.
            let outcome = request.uri.queryParameters.get("star").flatMap(StarControl.Outcome.init(rawValue:))
            let starred = try await appRepository.starState(owner: details.ownerLogin, name: details.name)
            if let away = GitHubAnswers.signIn(after: starred.signInNeeded) { return away.response(from: request, context: context) }
            detailView.star = StarControl(starred: starred, outcome: outcome, catalogue: page.catalogue)
        }
        return RepositoryListView(
            list: listScreen, detail: detailView,
            account: await account(appRepository, page))
            .page(page, status: GitHubAnswers.status(of: loaded.details)).response(from: request, context: context)
    }

    @Sendable func languages(_ request: Request, context: AppRequestContext) async throws -> Stylesheet {
        Stylesheet(LanguageStylesheet.css, isImmutable: true)
    }

    /// The label colours a page of issues shows (issue 49): `?c=` checked colour by colour.
    @Sendable func labels(_ request: Request, context: AppRequestContext) async throws -> Stylesheet {
        Stylesheet(LabelStylesheet.css(colors: request.uri.queryParameters.get("c") ?? ""), isImmutable: true)
    }

    @Sendable func highlight(_ request: Request, context: AppRequestContext) async throws -> Stylesheet {
        Stylesheet(HighlightStylesheetRoute.css, isImmutable: true)
    }

    /// A README image through the signed proxy (GH-3). A signature that is not the server's for
    /// the target is refused (403) before anything is fetched.
    @Sendable func readmeImage(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard let images else { throw HTTPError(.notFound) }
        let signature = context.parameters.get("signature") ?? ""
        guard let target = request.uri.queryParameters.get("url"), images.signer.verifies(signature, for: target) else {
            throw HTTPError(.forbidden)
        }
        guard let url = URL(string: target) else { return ReadmeImageResponse.failure(.rejected(.hostNotAllowed)) }
        switch await images.images.image(at: url, party: context.device.rawValue) {
        case .success(let image): return ReadmeImageResponse(image: image).response(from: request, context: context)
        case .failure(let failure): return ReadmeImageResponse.failure(failure)
        }
    }
}

/// What sign-in answers a script: where to go, or why it failed.
struct SignInReply: Encodable, Sendable {
    struct Failure: Encodable, Sendable {
        let title: String
        let message: String
    }

    let location: String?
    let failure: Failure?
}
