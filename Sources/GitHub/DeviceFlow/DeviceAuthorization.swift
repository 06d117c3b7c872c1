import Foundation

/// GitHub's answer to `POST https://github.com/login/device/code`, the device flow's first step
/// (issue 49; GitHub's "Authorizing OAuth apps", device flow, step 1): the code the person types
/// at `verificationURI`, and the device code the server polls with.
public struct DeviceAuthorization: Sendable, Hashable {
    /// `device_code`: 40 characters the server keeps to itself; never sent to a browser.
    public let deviceCode: DeviceFlowSecret
    /// `user_code`: eight characters with a hyphen in the middle (`WDJB-MJHT`).
    public let userCode: String
    /// `verification_uri`: where the person types the code (`https://github.com/login/device`).
    public let verificationURI: URL
    /// `expires_in`: seconds until both codes expire (GitHub's default: 900).
    public let expiresIn: Int
    /// `interval`: the fewest seconds between two polls of the token endpoint (GitHub's: 5).
    public let interval: Int

    public init(deviceCode: DeviceFlowSecret, userCode: String, verificationURI: URL, expiresIn: Int, interval: Int) {
        self.deviceCode = deviceCode
        self.userCode = userCode
        self.verificationURI = verificationURI
        self.expiresIn = expiresIn
        self.interval = interval
    }
}

/// A device code or an access token of the device flow: like `GitHubToken`, it never prints
/// itself, so neither can reach a log or a page by accident.
public struct DeviceFlowSecret: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Read it only to send it to GitHub, or to sign in with it.
    public let secret: String

    public init(_ secret: String) {
        self.secret = secret
    }

    public var description: String { "DeviceFlowSecret(redacted)" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}
