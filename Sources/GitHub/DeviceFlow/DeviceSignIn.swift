import Foundation
import Synchronization

/// "Sign in with GitHub" (issue 49): GitHub's device flow run by the server, one pending flow
/// per device, kept in this process's memory. The device code stays here; a browser only ever
/// sees the user code. GitHub is polled only when a browser asks (`check`), and never sooner than
/// the flow's interval, however many ask: the interval is enforced here, per flow.
///
/// Pending flows live in memory, so behind several servers a browser must come back to the one
/// that started its flow (`deploy/nginx/appdeck.conf` hashes its device cookie for these pages),
/// or it is told the sign-in is gone and starts again; a flow lasts at most GitHub's `expires_in`
/// (15 minutes).
public final class DeviceSignIn: Sendable {
    /// The scopes asked for: `repo` reads private repositories and stars and unstars (public
    /// ones too); `read:user` reads the profile `GET /user` answers.
    public static let scope = "repo read:user"
    /// At most this many flows are kept at once (each lasts at most its `expires_in`).
    public static let maximumFlows = 10_000

    /// What a check found.
    public enum Outcome: Sendable, Hashable {
        /// No flow for this device (never started, or forgotten since).
        case none
        /// Still waiting for the person; the flow as it is now.
        case waiting(DeviceFlow)
        /// Signed in: the token is stored, and the flow forgotten.
        case signedIn
        case ended(DeviceFlow)
    }

    private let settings: DeviceFlowSettings
    private let now: @Sendable () -> Date
    private let flows = Mutex<[String: DeviceFlow]>([:])

    public init(settings: DeviceFlowSettings, now: @escaping @Sendable () -> Date) {
        self.settings = settings
        self.now = now
    }

    /// Asks GitHub for a code and keeps the flow for `device`, replacing any earlier one.
    /// Throws `DeviceFlowEnd` (the app's device flow is off, its client id unknown) or
    /// `GitHubFailure` (no connection, a timeout, too many flows at once).
    @discardableResult
    public func start(for device: String) async throws -> DeviceFlow {
        let authorization: DeviceAuthorization
        do {
            authorization = try await settings.api.requestDeviceCode(clientID: settings.clientID, scope: Self.scope)
        } catch let end as DeviceFlowEnd {
            throw end
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            throw GitHubFailure(catching: error)
        }
        let started = now()
        let flow = DeviceFlow(authorization, startedAt: started)
        try flows.withLock { flows in
            flows = flows.filter { $0.value.expiresAt > started }
            guard flows.count < Self.maximumFlows || flows[device] != nil else { throw GitHubFailure.busy }
            flows[device] = flow
        }
        return flow
    }

    /// `device`'s flow as it is now (expired if its time has passed), without asking GitHub.
    public func flow(for device: String) -> DeviceFlow? {
        let time = now()
        return flows.withLock { flows in
            flows[device]?.expire(at: time)
            return flows[device]
        }
    }

    /// Forgets `device`'s flow.
    public func cancel(for device: String) {
        _ = flows.withLock { $0.removeValue(forKey: device) }
    }

    /// Polls GitHub for `device`'s flow if its interval has passed and no poll is in flight, then
    /// signs in through `service` when GitHub grants a token (stored sealed, as a pasted one is,
    /// after `GET /user` accepts it). Otherwise answers with the flow as it is.
    public func check(for device: String, signingInWith service: GitHubService) async -> Outcome {
        let sent = now()
        let polling: DeviceFlow? = flows.withLock { flows in
            guard var flow = flows[device] else { return nil }
            let begun = flow.beginPoll(at: sent)
            flows[device] = flow
            return begun ? flow : nil
        }
        if let polling {
            do {
                let answer = try await settings.api.pollAccessToken(clientID: settings.clientID, deviceCode: polling.deviceCode)
                update(device, polling) { $0.record(answer, at: now()) }
            } catch is CancellationError {
                update(device, polling) { $0.abandonPoll() }
            } catch {
                update(device, polling) { $0.recordProblem(GitHubFailure(catching: error), at: now()) }
            }
        }
        guard let flow = flow(for: device) else { return .none }
        switch flow.state {
        case .waiting:
            return .waiting(flow)
        case .ended:
            return .ended(flow)
        case .authorized(let token):
            return await signIn(device, flow, token: token, service: service)
        }
    }

    /// Signs in with the granted token; only the request that takes it from the flow does.
    private func signIn(_ device: String, _ flow: DeviceFlow, token: DeviceFlowSecret, service: GitHubService) async -> Outcome {
        let taken = flows.withLock { flows in
            guard flows[device] == flow else { return false }
            flows.removeValue(forKey: device)
            return true
        }
        guard taken else { return self.flow(for: device).map { .waiting($0) } ?? .signedIn }
        do {
            try await service.signIn(token: token.secret)
            return .signedIn
        } catch {
            var ended = flow
            ended.end(.signInFailed(GitHubFailure(catching: error)))
            flows.withLock { $0[device] = ended }
            return .ended(ended)
        }
    }

    /// Applies `change` to `device`'s flow if it is still the one `polled` was taken from (a new
    /// start in between replaced it).
    private func update(_ device: String, _ polled: DeviceFlow, _ change: (inout DeviceFlow) -> Void) {
        flows.withLock { flows in
            guard var flow = flows[device], flow.deviceCode == polled.deviceCode, flow.startedAt == polled.startedAt else { return }
            change(&flow)
            flows[device] = flow
        }
    }
}
