import Devices
import Foundation
import GitHub
import Hummingbird
import WebShell

/// `POST /github/repositories/{id}/star` (issue 49): stars or unstars the repository, then sends
/// the person back to its screen (post-redirect-get), saying there when the token cannot star.
/// CSRF-checked like every form that posts.
struct StarController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post(GitHubPath.star, use: star)
    }

    struct StarForm: Decodable {
        /// `1` stars, `0` unstars.
        var star: String?
    }

    @Sendable func star(_ request: Request, context: AppRequestContext) async throws -> SeeOther {
        let id = try context.pathNumber("id", in: 1...Int.max)
        let form = try context.decodeForm(StarForm.self)
        guard let wanted = form.star, wanted == "1" || wanted == "0" else { throw HTTPError(.badRequest) }
        let service = GitHubService(api: api, storage: storage(context.device))
        do {
            try await service.setStarred(wanted == "1", repositoryID: id)
        } catch let failure as GitHubFailure {
            if let away = GitHubAnswers.signIn(after: failure) { return away }
            return SeeOther(GitHubPath.repository.link(id, query: ["star": StarControl.Outcome(failure).rawValue]))
        }
        return SeeOther(GitHubPath.repository.link(id))
    }
}
