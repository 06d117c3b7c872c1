import CodeHighlighting
import GitHub
import GitHubLive
import GitHubWeb
import PostgresStorage
import Storage
import WebShell

/// Both values, or nil when either is missing.
private func zip<A, B>(_ a: A?, _ b: B?) -> (A, B)? {
    guard let a, let b else { return nil }
    return (a, b)
}

enum GitHubEntry: DeckEntry {
    static let id = "github"
    static var sqlite: (any SQLiteAppStorage.Type)? { GitHubSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { GitHubPostgresStorage.self }
    static var upstreams: [UpstreamOption] { [.githubAPI, .githubWeb] }

    /// GitHub's REST API and the README image fetcher, with their caches in the data directory;
    /// with `--github-client-id`, GitHub's device flow on github.com (issue 49).
    static func live(_ context: LiveContext) throws -> LiveClients? {
        let clientID = context.settings.githubClientID
        let github = try GitHubLiveServices(
            baseURL: context.url(of: .githubAPI), dataDirectory: context.dataDirectory,
            readmeImagePrivateHosts: context.settings.readmeImagePrivateHosts,
            deviceFlowBaseURL: clientID == nil ? nil : context.url(of: .githubWeb), logger: context.logger)
        let deviceFlow = zip(github.deviceFlow, clientID).map { DeviceFlowSettings(api: $0, clientID: $1) }
        return LiveClients(
            client: GitHubParts(api: github.api, readmeImages: github.readmeImages, deviceFlow: deviceFlow),
            services: [ClientService(stop: { await github.shutdown() })])
    }

    /// The process's one highlighter for the code view (issue 49): its lanes bound how many files
    /// are coloured at once across every request, so there is exactly one.
    static let highlighter = SyntaxHighlighter()

    static func app(_ parts: DeckParts) -> any DeckApp {
        let environment = parts.environment
        let github = environment.client(of: id, as: GitHubParts.self) ?? GitHubParts(api: GitHubUnavailable())
        let sealer = parts.sealer
        let codeLines = HighlightedCodeLines(highlighter: highlighter)
        let deviceSignIn = github.deviceFlow.map { DeviceSignIn(settings: $0, now: environment.now) }
        return switch parts.backend {
        case .sqlite(let database):
            GitHubApp(
                api: github.api, storage: { database.githubTokenStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: github.readmeImages, codeLines: codeLines, deviceSignIn: deviceSignIn)
        case .postgres(let database):
            GitHubApp(
                api: github.api, storage: { database.githubTokenStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: github.readmeImages, codeLines: codeLines, deviceSignIn: deviceSignIn)
        }
    }
}
