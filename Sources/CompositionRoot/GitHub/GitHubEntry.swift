import CodeHighlighting
import GitHub
import GitHubLive
import GitHubWeb
import PostgresStorage
import Storage
import WebShell

enum GitHubEntry: DeckEntry {
    static let id = "github"
    static var sqlite: (any SQLiteAppStorage.Type)? { GitHubSQLiteStorage.self }
    static var postgres: (any PostgresAppStorage.Type)? { GitHubPostgresStorage.self }
    static var upstreams: [UpstreamOption] { [.githubAPI] }

    /// GitHub's REST API and the README image fetcher, with their caches in the data directory.
    static func live(_ context: LiveContext) throws -> LiveClients? {
        let github = try GitHubLiveServices(
            baseURL: context.url(of: .githubAPI), dataDirectory: context.dataDirectory,
            readmeImagePrivateHosts: context.settings.readmeImagePrivateHosts, logger: context.logger)
        return LiveClients(
            client: GitHubParts(api: github.api, readmeImages: github.readmeImages),
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
        return switch parts.backend {
        case .sqlite(let database):
            GitHubApp(
                api: github.api, storage: { database.githubTokenStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: github.readmeImages, codeLines: codeLines)
        case .postgres(let database):
            GitHubApp(
                api: github.api, storage: { database.githubTokenStore(owner: $0, sealer: sealer) }, now: environment.now,
                readmeImages: github.readmeImages, codeLines: codeLines)
        }
    }
}
