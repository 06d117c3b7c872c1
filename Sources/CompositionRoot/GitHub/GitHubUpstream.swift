import GitHubLive

extension UpstreamOption {
    /// GitHub's REST API (GH-1).
    public static let githubAPI = UpstreamOption(
        option: "github-api-url", variable: "APPDECK_GITHUB_API_URL", defaultURL: GitHubClient.defaultBaseURL,
        service: "GitHub's REST API", hasOwnOption: true)

    /// github.com itself, where the device flow's endpoints are (issue 49): `/login/device/code`
    /// and `/login/oauth/access_token`. Asked only with `--github-client-id`.
    public static let githubWeb = UpstreamOption(
        option: "github-web-url", variable: "APPDECK_GITHUB_WEB_URL", defaultURL: GitHubDeviceFlowClient.defaultBaseURL,
        service: "github.com, for signing in with GitHub's device flow")
}
