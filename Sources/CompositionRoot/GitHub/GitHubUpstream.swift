import GitHubLive

extension UpstreamOption {
    /// GitHub's REST API (GH-1).
    public static let githubAPI = UpstreamOption(
        option: "github-api-url", variable: "APPDECK_GITHUB_API_URL", defaultURL: GitHubClient.defaultBaseURL,
        service: "GitHub's REST API")
}
