import Foundation

/// Which of a README's links point at folders, so they open GitHub's folder page (`tree/`) rather
/// than a file page (`blob/`) (GH-3, issue 22).
///
/// A link is a folder when its address ends in `/`, or when its path is one of `folders`: the
/// branch's folders as GitHub's git trees API lists them. Anything else stays under `blob/`,
/// which GitHub itself redirects to `tree/` for a folder, so an unknown or truncated tree only
/// costs that redirect.
public struct FolderLinks: Sendable, Hashable {
    /// Where files of the branch are: `https://github.com/octo/hello/blob/main/`.
    public var fileRoot: String
    /// Where folders of the branch are: `https://github.com/octo/hello/tree/main/`.
    public var folderRoot: String
    /// The branch's folders, from the repository's root, without a trailing `/` (`docs`,
    /// `docs/api`); empty when the tree is not known.
    public var folders: Set<String>

    public init(fileRoot: String, folderRoot: String, folders: Set<String> = []) {
        self.fileRoot = fileRoot
        self.folderRoot = folderRoot
        self.folders = folders
    }

    /// `address` (absolute, as the link policy resolved it) under `folderRoot` when it is a
    /// folder of the branch; otherwise unchanged.
    func address(for address: String) -> String {
        guard address.hasPrefix(fileRoot) else { return address }
        let rest = address.dropFirst(fileRoot.count)
        let path = rest.prefix { $0 != "?" && $0 != "#" }
        let isFolder = path.hasSuffix("/")
            || folders.contains((String(path).removingPercentEncoding ?? String(path)))
        return isFolder ? folderRoot + rest : address
    }
}
