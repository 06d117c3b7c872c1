import Devices
import Foundation
import GitHub
import Hummingbird
import WebShell

/// "Sign in with GitHub" (issue 49), registered only when the server has an OAuth app's client id:
///
/// - `POST /github/sign-in/device` starts a flow for this device (a new code; an earlier flow is
///   replaced) and shows its page, post-redirect-get.
/// - `GET /github/sign-in/device` shows the flow: the code, or how it ended. It never asks GitHub.
/// - `POST /github/sign-in/device/check` asks GitHub if the flow's interval has passed (the
///   server enforces it, whoever asks and however often), then sends the person to the list when
///   signed in, else back to the page; the page's script gets JSON instead.
///
/// Both posts are CSRF-checked like every form.
struct DeviceSignInController<Storage: KeyValueStorage> {
    let api: any GitHubAPI
    let storage: @Sendable (DeviceID) -> Storage
    let now: @Sendable () -> Date
    let deviceSignIn: DeviceSignIn
    let shell: Shell

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.get(GitHubPath.device, use: show)
        group.post(GitHubPath.device, use: start)
        group.post(GitHubPath.deviceCheck, use: check)
    }

    private func service(_ context: AppRequestContext) -> GitHubService {
        GitHubService(api: api, storage: storage(context.device))
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        if try await service(context).isSignedIn { return SeeOther(GitHubPath.list.path).response(from: request, context: context) }
        let screen: DeviceSignInScreen
        let status: HTTPResponse.Status
        let page = shell.page(context)
        do {
            try await deviceSignIn.start(for: context.device.rawValue)
            return SeeOther(GitHubPath.device.path).response(from: request, context: context)
        } catch let end as DeviceFlowEnd {
            screen = DeviceSignInScreen(ending: end, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
            status = .badGateway
        } catch let failure as GitHubFailure {
            screen = DeviceSignInScreen(failure: failure, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
            status = GitHubAnswers.status(for: failure)
        }
        return DeviceSignInView(screen: screen).page(page, status: status).response(from: request, context: context)
    }

    @Sendable func show(_ request: Request, context: AppRequestContext) async throws -> Response {
        if try await service(context).isSignedIn { return SeeOther(GitHubPath.list.path).response(from: request, context: context) }
        let page = shell.page(context)
        guard let flow = deviceSignIn.flow(for: context.device.rawValue) else {
            return DeviceSignInView(screen: .gone(catalogue: page.catalogue)).page(page, status: .notFound)
                .response(from: request, context: context)
        }
        let screen = DeviceSignInScreen(flow: flow, catalogue: page.catalogue, timeZone: context.timeZone, now: now())
        return DeviceSignInView(screen: screen).page(page, status: .ok).response(from: request, context: context)
    }

    @Sendable func check(_ request: Request, context: AppRequestContext) async throws -> Response {
        let outcome = await deviceSignIn.check(for: context.device.rawValue, signingInWith: service(context))
        let reply: DeviceCheckReply = switch outcome {
        case .signedIn: DeviceCheckReply(state: "signedIn", location: GitHubPath.list.path, retryAfter: nil)
        case .waiting(let flow): DeviceCheckReply(state: "waiting", location: GitHubPath.device.path, retryAfter: max(flow.secondsUntilNextPoll(at: now()), 1))
        case .ended: DeviceCheckReply(state: "ended", location: GitHubPath.device.path, retryAfter: nil)
        case .none: DeviceCheckReply(state: "gone", location: GitHubPath.device.path, retryAfter: nil)
        }
        return try await ActionReply(to: request, seeOther: reply.location) { reply }.response(from: request, context: context)
    }
}

/// What a check answers the page's script: the flow's state, where the page goes once it is
/// not waiting, and when to ask again while it is.
struct DeviceCheckReply: Encodable, Sendable {
    let state: String
    let location: String
    let retryAfter: Int?
}
