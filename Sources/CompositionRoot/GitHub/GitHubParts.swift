import GitHub

/// What the GitHub viewer talks to: GitHub's API, and the README images behind the signed proxy
/// (GH-3; nil draws every README image as a placeholder).
public struct GitHubParts: Sendable {
    public let api: any GitHubAPI
    public let readmeImages: ReadmeImages?

    public init(api: any GitHubAPI, readmeImages: ReadmeImages? = nil) {
        self.api = api
        self.readmeImages = readmeImages
    }
}
