import GitHub

/// What the GitHub viewer talks to: GitHub's API, the README images behind the signed proxy
/// (GH-3; nil draws every README image as a placeholder), and GitHub's device flow with the OAuth
/// app's client id (issue 49; nil offers the token field alone).
public struct GitHubParts: Sendable {
    public let api: any GitHubAPI
    public let readmeImages: ReadmeImages?
    public let deviceFlow: DeviceFlowSettings?

    public init(api: any GitHubAPI, readmeImages: ReadmeImages? = nil, deviceFlow: DeviceFlowSettings? = nil) {
        self.api = api
        self.readmeImages = readmeImages
        self.deviceFlow = deviceFlow
    }
}
