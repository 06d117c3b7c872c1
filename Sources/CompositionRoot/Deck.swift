import HomeWeb
import WebShell

/// The deck: every app, in home-screen order. Adding an app is a line in `entries` (its entry, in
/// a folder of this target named after it, says how it is built and where its data lives).
public enum Deck {
    /// Every app, in home-screen order.
    static let entries: [any DeckEntry.Type] = [
        CarsEntry.self,
        ThreadSafeArrayEntry.self,
        LayoutsEntry.self,
        SplitViewEntry.self,
        StoriesEntry.self,
        PhotosEntry.self,
        GitHubEntry.self,
        HabitsEntry.self,
    ]

    /// Every outside service the apps talk to.
    public static var upstreams: [UpstreamOption] { entries.flatMap { $0.upstreams } }

    /// Every app's id, in home-screen order: each is its tile's id.
    public static var ids: [String] { entries.map { $0.id } }

    /// The apps over `environment`, the home screen first.
    public static func apps(_ environment: DeckEnvironment) throws -> [any DeckApp] {
        let parts = DeckParts(environment: environment, sealer: environment.keys.sealer)
        let deck = try entries.map { entry in try entry.app(parts) }
        let tiles = deck.compactMap(\.tile)
        return [HomeApp(tiles: tiles)] + deck + [BackupEntry.app(environment, tiles: tiles)]
    }
}
