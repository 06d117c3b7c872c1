import Devices
import Foundation
import GitHub
import Hummingbird
import WebShell

/// `/github/repos/{owner}/{name}/commits` and `/commits/{sha}` (issue 49): the commits of a branch
/// or tag, and one commit with its diffs.
struct HistoryController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(GitHubPath.commits, use: commits)
        group.get(GitHubPath.commit, use: commit)
    }

    private func service(for context: AppRequestContext) -> GitHubService {
        GitHubService(api: api, storage: storage(context.device))
    }

    /// Pages 1 through `?page=` of the commits of `?ref=`.
    @Sendable func commits(_ request: Request, context: AppRequestContext) async throws -> Response {
        let asked = try CodeRequest(request, context: context)
        let location = asked.location
        let loaded = try await service(for: context).commitsPage(owner: location.owner, name: location.name, ref: location.ref, pages: asked.pages)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = CommitListScreen(location: location, page: loaded, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        var failure: FailureNotice?
        if case .failed(let notice) = screen.content { failure = notice }
        return CommitListView(screen: screen).page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// One commit; `?ref=` is the list its back item returns to.
    @Sendable func commit(_ request: Request, context: AppRequestContext) async throws -> Response {
        let asked = try CodeRequest(request, context: context)
        guard let sha = CodeRequest.parameter("sha", context), Self.isSHA(sha) else { throw HTTPError(.notFound) }
        let location = asked.location
        let loaded = try await service(for: context).commitPage(owner: location.owner, name: location.name, sha: sha)
        if let away = GitHubAnswers.signIn(after: loaded.signInNeeded) { return away.response(from: request, context: context) }
        let page = shell.page(context)
        let screen = CommitScreen(location: location, sha: sha, page: loaded, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        var failure: FailureNotice?
        if case .failed(let notice) = screen.content { failure = notice }
        return CommitView(screen: screen).page(page, status: GitHubAnswers.status(showing: failure)).response(from: request, context: context)
    }

    /// A commit's SHA, whole or shortened: 4 to 64 hexadecimal digits (SHA-1's 40, SHA-256's 64).
    static func isSHA(_ text: String) -> Bool {
        (4...64).contains(text.utf8.count) && text.utf8.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
