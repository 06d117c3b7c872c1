import Foundation
import Localization

/// Starring a repository (issue 49): whether the person has starred it, and the button that
/// changes it; or, when the token cannot star (a fine-grained token without the "Starring"
/// permission, a classic one GitHub refuses), a plain sentence saying so instead of a button
/// that would fail.
public struct StarControl: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// "Star" or "Unstar": `star` is what pressing it asks for.
        case button(title: String, star: Bool, isStarred: Bool)
        /// Why there is no button.
        case note(String)
    }

    /// What a star change answered, said once on the repository's screen after it.
    public enum Outcome: String, Sendable, Hashable {
        /// GitHub refused the token (403 or 404 on `PUT`/`DELETE`): it cannot star.
        case refused
        /// Anything else (no network, GitHub's fault): try again.
        case failed
    }

    public let content: Content
    /// After a change that did not happen: why, said plainly.
    public let message: String?

    /// - Parameter starred: `GET /user/starred/{owner}/{repo}`'s answer; a failure there (403: the
    ///   token may not even read stars) shows the note.
    public init(starred: Loadable<Bool>, outcome: Outcome?, catalogue: Catalogue) {
        switch starred {
        case .loaded(let isStarred):
            content = .button(
                title: catalogue.text(isStarred ? "github.star.unstar" : "github.star.star"), star: !isStarred, isStarred: isStarred)
        case .failed(.notFound), .failed(.server(status: 403)):
            content = .note(catalogue.text("github.star.cannot"))
        case .failed, .loading:
            content = .note(catalogue.text("github.star.unknown"))
        }
        message = outcome.map { catalogue.text($0 == .refused ? "github.star.cannot" : "github.star.failed") }
    }
}

extension GitHubService {
    /// Whether the person has starred `owner/name`.
    public func starState(owner: String, name: String) async throws -> Loadable<Bool> {
        try await Loadable { try await withStoredToken { token in try await api.isStarred(owner: owner, repository: name, token: token) } }
    }

    /// Stars (or unstars) the repository GitHub knows by `id`. Throws `GitHubFailure`; GitHub
    /// answers a token that may not star with 403 or 404, both `Outcome.refused`.
    public func setStarred(_ starred: Bool, repositoryID id: Int) async throws {
        let details = try await getRepository(id: id)
        try await withStoredToken { token in
            try await api.setStarred(starred, owner: details.ownerLogin, repository: details.name, token: token)
        }
    }
}

extension StarControl.Outcome {
    /// What a failed change means to the person.
    public init(_ failure: GitHubFailure) {
        switch failure {
        case .notFound, .server(status: 403): self = .refused
        default: self = .failed
        }
    }
}
