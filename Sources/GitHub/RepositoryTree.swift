/// The folders of a branch, from `GET /repos/{owner}/{repo}/git/trees/{branch}?recursive=1`
/// (GH-3, issue 22): what a README's relative links need to open a folder under `tree/`.
///
/// GitHub answers `{"sha", "url", "tree": [{"path", "mode", "type", "sha", "size"?, "url"}],
/// "truncated"}`, each entry a `blob` (file), a `tree` (folder) or a `commit` (submodule), paths
/// from the repository's root. With `truncated` the list stopped at GitHub's limit (100,000
/// entries or 7 MB): the folders listed are still folders, the others are unknown.
public struct RepositoryTree: Decodable, Sendable, Hashable {
    /// Every folder listed, from the root, without a trailing `/` (`docs`, `docs/api`).
    public let folders: Set<String>
    /// Whether GitHub listed only part of the tree.
    public let isTruncated: Bool

    public init(folders: Set<String>, isTruncated: Bool) {
        self.folders = folders
        self.isTruncated = isTruncated
    }

    private enum CodingKeys: String, CodingKey {
        case tree, truncated
    }

    private struct Entry: Decodable {
        let path: String
        let type: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let entries = try container.decode([Entry].self, forKey: .tree)
        folders = Set(entries.lazy.filter { $0.type == "tree" }.map(\.path))
        isTruncated = try container.decodeIfPresent(Bool.self, forKey: .truncated) ?? false
    }
}
