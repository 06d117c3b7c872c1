/// What `POST https://github.com/login/oauth/access_token` answers a poll (issue 49). GitHub
/// sends its refusals as an `error` code in the body; each documented one has its case.
public enum DeviceTokenAnswer: Sendable, Hashable {
    /// `access_token`: the person authorized the app.
    case granted(DeviceFlowSecret)
    /// `authorization_pending`: the code has not been entered yet; poll again after the interval.
    case pending
    /// `slow_down`: polled too fast; 5 seconds are added to the interval, or GitHub's new
    /// `interval` when it says a longer one.
    case slowDown(interval: Int?)
    /// Any code that ends the flow.
    case ended(DeviceFlowEnd)
}

/// Why a device flow ended without a token (issue 49), each said in its own words on the screen.
public enum DeviceFlowEnd: Error, Sendable, Hashable {
    /// `expired_token`, or the code's `expires_in` passed on our clock: start again.
    case expired
    /// `access_denied`: the person pressed Cancel at GitHub.
    case denied
    /// `device_flow_disabled`: the OAuth app does not have "Enable Device Flow" ticked.
    case disabled
    /// `incorrect_client_credentials`: GitHub knows no OAuth app by the configured client id.
    case incorrectClientCredentials
    /// `unsupported_grant_type`: the poll's `grant_type` was not the device code's.
    case unsupportedGrantType
    /// `incorrect_device_code`: GitHub does not know the device code polled with.
    case incorrectDeviceCode
    /// An `error` code GitHub does not document for the device flow.
    case unrecognised
    /// The token could not be used: GitHub refused it at `GET /user`, or could not be asked.
    case signInFailed(GitHubFailure)

    /// The documented `error` code's case; nil for `authorization_pending` and `slow_down`, which
    /// do not end the flow.
    public init?(code: String) {
        switch code {
        case "expired_token": self = .expired
        case "access_denied": self = .denied
        case "device_flow_disabled": self = .disabled
        case "incorrect_client_credentials": self = .incorrectClientCredentials
        case "unsupported_grant_type": self = .unsupportedGrantType
        case "incorrect_device_code": self = .incorrectDeviceCode
        case "authorization_pending", "slow_down": return nil
        default: self = .unrecognised
        }
    }
}

/// GitHub's device flow endpoints on github.com (not the REST API's host): the live client
/// posts forms there; tests use a loopback stand-in or a fake.
///
/// Throws `UpstreamFailure` for transport faults and statuses GitHub does not explain, and
/// `DeviceFlowEnd` when `requestDeviceCode` is refused with a documented code.
public protocol GitHubDeviceFlowAPI: Sendable {
    /// `POST /login/device/code` with `client_id` and `scope`.
    func requestDeviceCode(clientID: String, scope: String) async throws -> DeviceAuthorization
    /// `POST /login/oauth/access_token` with `client_id`, `device_code` and
    /// `grant_type=urn:ietf:params:oauth:grant-type:device_code`.
    func pollAccessToken(clientID: String, deviceCode: DeviceFlowSecret) async throws -> DeviceTokenAnswer
}

/// The OAuth app a server signs people in as, and where it asks GitHub: what the composition root
/// hands the GitHub app when `--github-client-id` is given.
public struct DeviceFlowSettings: Sendable {
    public let api: any GitHubDeviceFlowAPI
    /// The OAuth app's client id: public, not a secret (the device flow has no client secret).
    public let clientID: String

    public init(api: any GitHubDeviceFlowAPI, clientID: String) {
        self.api = api
        self.clientID = clientID
    }
}
