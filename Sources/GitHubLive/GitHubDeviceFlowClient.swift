import Foundation
import GitHub
import Logging
import Upstream
import UpstreamHTTP

/// GitHub's device flow on github.com (issue 49): `POST /login/device/code` and
/// `POST /login/oauth/access_token`, each a form (`application/x-www-form-urlencoded`) answered
/// as JSON because it asks with `Accept: application/json` (GitHub answers a form otherwise).
/// GitHub explains a refusal in the body's `error` (`authorization_pending`, `slow_down` with a new
/// `interval`, `expired_token`, `access_denied`, `device_flow_disabled`,
/// `incorrect_client_credentials`, `unsupported_grant_type`, `incorrect_device_code`), with 200 or,
/// for some, a 4xx: such bodies are read either way. Anything else is an `UpstreamFailure`.
///
/// Neither the device code nor the token is logged: both travel in the body, never in a URL.
public struct GitHubDeviceFlowClient: GitHubDeviceFlowAPI {
    public static let defaultBaseURL = URL(string: "https://github.com")!
    static let deviceCodePath = "/login/device/code"
    static let accessTokenPath = "/login/oauth/access_token"
    /// RFC 8628's grant type, as GitHub asks for it.
    public static let grantType = "urn:ietf:params:oauth:grant-type:device_code"
    /// The 4xx statuses whose body may name the error.
    static let explainedStatuses: Set<Int> = [400, 401, 403, 404, 422]

    private let client: UpstreamClient

    /// Over a client whose base URL is github.com (or a stand-in's). The caller owns the client.
    public init(client: UpstreamClient) {
        self.client = client
    }

    /// A configuration for github.com: small answers, short deadlines, and that origin only.
    public static func configuration(
        baseURL: URL = GitHubDeviceFlowClient.defaultBaseURL, userAgent: String = UpstreamConfiguration.defaultUserAgent
    ) -> UpstreamConfiguration {
        UpstreamConfiguration(
            baseURL: baseURL, connectTimeout: .seconds(5), requestTimeout: .seconds(10), userAgent: userAgent,
            maximumBodyBytes: 64 * 1024, allowedOrigins: UpstreamOrigin(baseURL).map { [$0] } ?? [])
    }

    public func requestDeviceCode(clientID: String, scope: String) async throws -> DeviceAuthorization {
        let answer = try await post(Self.deviceCodePath, form: [("client_id", clientID), ("scope", scope)])
        if let code = answer.error {
            throw DeviceFlowEnd(code: code) ?? .unrecognised
        }
        guard let deviceCode = answer.deviceCode, !deviceCode.isEmpty, let userCode = answer.userCode, !userCode.isEmpty,
            let address = answer.verificationURI, let uri = URL(string: address), ["http", "https"].contains(uri.scheme?.lowercased() ?? ""),
            uri.host != nil, let expiresIn = answer.expiresIn
        else { throw UpstreamFailure.unreadable }
        return DeviceAuthorization(
            deviceCode: DeviceFlowSecret(deviceCode), userCode: userCode, verificationURI: uri, expiresIn: expiresIn,
            interval: answer.interval ?? DeviceFlow.defaultInterval)
    }

    public func pollAccessToken(clientID: String, deviceCode: DeviceFlowSecret) async throws -> DeviceTokenAnswer {
        let answer = try await post(
            Self.accessTokenPath, form: [("client_id", clientID), ("device_code", deviceCode.secret), ("grant_type", Self.grantType)])
        switch answer.error {
        case "authorization_pending"?: return .pending
        case "slow_down"?: return .slowDown(interval: answer.interval)
        case let code?: return .ended(DeviceFlowEnd(code: code) ?? .unrecognised)
        case nil:
            guard let token = answer.accessToken, !token.isEmpty else { throw UpstreamFailure.unreadable }
            return .granted(DeviceFlowSecret(token))
        }
    }

    /// GitHub's JSON answers, both endpoints' fields in one: what is missing is nil.
    struct Answer: Decodable {
        var deviceCode: String?
        var userCode: String?
        var verificationURI: String?
        var expiresIn: Int?
        var interval: Int?
        var accessToken: String?
        var error: String?

        enum CodingKeys: String, CodingKey {
            case deviceCode = "device_code"
            case userCode = "user_code"
            case verificationURI = "verification_uri"
            case expiresIn = "expires_in"
            case interval
            case accessToken = "access_token"
            case error
        }
    }

    private func post(_ path: String, form: [(String, String)]) async throws -> Answer {
        var request = UpstreamRequest(
            .path(path),
            headers: [(name: "Accept", value: "application/json"), (name: "Content-Type", value: "application/x-www-form-urlencoded")])
        request.method = .post
        request.body = Array(form.map { GitHubPaths.encode($0.0) + "=" + GitHubPaths.encode($0.1) }.joined(separator: "&").utf8)
        request.answeredStatuses = Self.explainedStatuses
        let response = try await client.get(request)
        let answer: Answer
        do {
            answer = try JSONDecoder().decode(Answer.self, from: Data(response.body))
        } catch {
            throw (200..<300).contains(response.status) ? UpstreamFailure.unreadable : Self.failure(status: response.status)
        }
        if answer.error == nil, !(200..<300).contains(response.status) { throw Self.failure(status: response.status) }
        return answer
    }

    /// A 4xx whose body names no error: what the status means on its own.
    private static func failure(status: Int) -> UpstreamFailure {
        status == 404 ? .notFound : status == 401 ? .badCredentials : .server(status: status)
    }
}
