import Foundation
import HTTPTypes
import Hummingbird
import LoopbackSupport
import NIOCore
import Synchronization

/// A loopback stand-in for github.com's device flow (issue 49), as GitHub documents it
/// ("Authorizing OAuth apps", device flow): `POST /login/device/code` (`client_id`, `scope`)
/// answers `device_code`, `user_code`, `verification_uri`, `expires_in`, `interval`;
/// `POST /login/oauth/access_token` (`client_id`, `device_code`, `grant_type`) answers
/// `access_token`, `token_type`, `scope`, or an `error` (`authorization_pending`, `slow_down` with
/// the new `interval`, `expired_token`, `access_denied`, `device_flow_disabled`,
/// `incorrect_client_credentials`, `unsupported_grant_type`, `incorrect_device_code`), with
/// `error_description` and `error_uri`, all with status 200. Answers are JSON when the request's
/// `Accept` is `application/json`, else `application/x-www-form-urlencoded`, GitHub's default.
///
/// The test plays the person at github.com/login/device: `authorize`, `deny` or `expire` a user code.
final class GitHubDeviceFlowStandIn: Sendable {
    static let clientID = "Iv1.0123456789abcdef"
    static let grantType = "urn:ietf:params:oauth:grant-type:device_code"

    enum Decision: Sendable {
        case pending
        case authorized(token: String)
        case denied
        case expired
    }

    struct Seen: Sendable {
        var path: String
        var accept: String?
        var contentType: String?
        var form: [String: String]
    }

    private struct State {
        var seen: [Seen] = []
        /// Decisions by device code; user codes by device code.
        var decisions: [String: Decision] = [:]
        var userCodes: [String: String] = [:]
        var interval = 5
        var expiresIn = 900
        /// The next this many polls answer `slow_down` (as GitHub does a client that polls too fast).
        var slowDowns = 0
        /// `device_flow_disabled` for every request.
        var disabled = false
        var issued = 0
    }

    private let state = Mutex(State())
    private let server: LoopbackServer
    var baseURL: URL { URL(string: "http://127.0.0.1:\(server.port)")! }

    private init(server: LoopbackServer) {
        self.server = server
    }

    static func start() async throws -> GitHubDeviceFlowStandIn {
        let reference = StandInReference<GitHubDeviceFlowStandIn>()
        let router = Router()
        router.post("/login/device/code") { request, _ in try await reference.value.deviceCode(request) }
        router.post("/login/oauth/access_token") { request, _ in try await reference.value.accessToken(request) }
        return try await reference.start(router: router, serverName: "GitHub.com") { GitHubDeviceFlowStandIn(server: $0) }
    }

    func stop() async {
        await server.stop()
    }

    var seen: [Seen] { state.withLock { $0.seen } }
    /// How many times the token endpoint was asked.
    var polls: Int { seen.filter { $0.path == "/login/oauth/access_token" }.count }

    func configure(_ change: (inout Int, inout Int) -> Void) {
        state.withLock { change(&$0.interval, &$0.expiresIn) }
    }

    func slowDown(times: Int) { state.withLock { $0.slowDowns = times } }
    func disable() { state.withLock { $0.disabled = true } }

    /// The person entered `userCode` at GitHub and authorized the app: the next poll gets `token`.
    func authorize(_ userCode: String, token: String) { decide(userCode, .authorized(token: token)) }
    /// The person pressed Cancel at GitHub.
    func deny(_ userCode: String) { decide(userCode, .denied) }
    /// The code's 15 minutes passed.
    func expire(_ userCode: String) { decide(userCode, .expired) }

    private func decide(_ userCode: String, _ decision: Decision) {
        state.withLock { state in
            for (device, user) in state.userCodes where user == userCode { state.decisions[device] = decision }
        }
    }

    // MARK: - Answers

    private func deviceCode(_ request: Request) async throws -> Response {
        let form = try await record(request)
        let answer: [(String, String)] = state.withLock { state in
            if state.disabled { return Self.error("device_flow_disabled", "Device Flow must be explicitly enabled for this App") }
            guard form["client_id"] == Self.clientID else { return Self.error("incorrect_client_credentials", "The client_id is not valid.") }
            state.issued += 1
            let device = String(format: "%040x", state.issued)
            let user = String(format: "WDJB-%04d", state.issued)
            state.userCodes[device] = user
            state.decisions[device] = .pending
            return [
                ("device_code", device), ("user_code", user), ("verification_uri", baseURL.absoluteString + "/login/device"),
                ("expires_in", String(state.expiresIn)), ("interval", String(state.interval)),
            ]
        }
        return reply(answer, to: request)
    }

    private func accessToken(_ request: Request) async throws -> Response {
        let form = try await record(request)
        let answer: [(String, String)] = state.withLock { state in
            if state.disabled { return Self.error("device_flow_disabled", "Device Flow must be explicitly enabled for this App") }
            guard form["client_id"] == Self.clientID else { return Self.error("incorrect_client_credentials", "The client_id is not valid.") }
            guard form["grant_type"] == Self.grantType else {
                return Self.error("unsupported_grant_type", "The grant type is not supported.")
            }
            guard let device = form["device_code"], let decision = state.decisions[device] else {
                return Self.error("incorrect_device_code", "The device_code provided is not valid.")
            }
            if state.slowDowns > 0 {
                state.slowDowns -= 1
                state.interval += 5
                return Self.error("slow_down", "Too many requests have been made in the same timeframe.") + [("interval", String(state.interval))]
            }
            switch decision {
            case .pending: return Self.error("authorization_pending", "The authorization request is still pending.")
            case .denied: return Self.error("access_denied", "The authorization request was denied.")
            case .expired: return Self.error("expired_token", "The device_code has expired.")
            case .authorized(let token):
                state.decisions[device] = .expired  // a device code is good for one token
                return [("access_token", token), ("token_type", "bearer"), ("scope", "repo,read:user")]
            }
        }
        return reply(answer, to: request)
    }

    private static func error(_ code: String, _ description: String) -> [(String, String)] {
        [("error", code), ("error_description", description),
         ("error_uri", "https://docs.github.com/developers/apps/authorizing-oauth-apps#error-codes-for-the-device-flow")]
    }

    /// Records the request and returns its form.
    private func record(_ request: Request) async throws -> [String: String] {
        let body = String(buffer: try await request.body.collect(upTo: 64 * 1024))
        var form: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { $0.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? "" }
            form[parts[0]] = parts.count > 1 ? parts[1] : ""
        }
        let seen = Seen(path: request.uri.path, accept: request.headers[.accept], contentType: request.headers[.contentType], form: form)
        state.withLock { $0.seen.append(seen) }
        return form
    }

    /// JSON when asked for with `Accept: application/json`, numbers as numbers; a form otherwise.
    private func reply(_ fields: [(String, String)], to request: Request) -> Response {
        let body: String
        let type: String
        if request.headers[.accept]?.contains("application/json") == true {
            var object: [String: Any] = [:]
            for (name, value) in fields { object[name] = ["expires_in", "interval"].contains(name) ? Int(value) as Any : value }
            body = String(decoding: (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])) ?? Data(), as: UTF8.self)
            type = "application/json; charset=utf-8"
        } else {
            var allowed = CharacterSet.alphanumerics
            allowed.insert(charactersIn: "-._~")
            body = fields.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? "")" }.joined(separator: "&")
            type = "application/x-www-form-urlencoded; charset=utf-8"
        }
        return Response(status: .ok, headers: [.contentType: type], body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
