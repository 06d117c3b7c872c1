/// Where `GitHubService` keeps the token between visits (GH-6, GH-9): GH-9's and the course's
/// `KeyValueStorage`, which held it in `NSUserDefaults`. AppDeck's server backs it with an
/// encrypted store scoped to one device (`SQLiteGitHubTokenStore`, `PostgresGitHubTokenStore`);
/// tests use `InMemoryKeyValueStorage` from TestDoubles.
public protocol KeyValueStorage: Sendable {
    /// The value stored under `key`, or nil.
    func string(forKey key: String) async throws -> String?
    /// Stores `value` under `key`, replacing what was there.
    func set(_ value: String, forKey key: String) async throws
    /// Removes the value under `key`; nothing happens when there is none.
    func remove(forKey key: String) async throws
}
