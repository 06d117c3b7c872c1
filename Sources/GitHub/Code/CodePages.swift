import Foundation

/// What the code browser's screens show, loaded in the order they need (issue 49); the web face
/// renders these and decides nothing about loading. Each asks for the repository beside its own
/// content (for the way back to it and its default branch): one answer GitHub gives again as a
/// 304, which costs no rate limit.
extension GitHubService {
    /// A folder: the repository and the folder's entries, asked at once; then, inside the
    /// repository (not at its root, whose README the repository's page shows), the README the
    /// entries name, if any: one more request, only for a folder that has one.
    public func codeTreePage(_ location: CodeLocation) async throws -> CodeTreePage {
        async let repository = Loadable { try await getRepository(owner: location.owner, name: location.name) }
        let contents = try await Loadable { try await getContents(location) }
        var readme: Loadable<Readme?> = .loaded(nil)
        if !location.isRoot, case .loaded(.folder(let entries)) = contents, let entry = FolderReadme.entry(in: entries),
           let file = location.at(entry.path) {
            readme = try await Loadable { FolderReadme.readme(from: try await getContents(file)) }
        }
        return CodeTreePage(location: location, repository: try await repository, contents: contents, readme: readme)
    }

    /// A file, fetched only when it can be shown as text: its folder's listing first (usually a
    /// 304: the person just saw it) says its size and kind, so an image is shown through the
    /// image proxy, and a binary file or one over 1 MB is only named, without its bytes being
    /// asked for. A file the listing does not name (a folder of over 1,000 entries, or a link
    /// from elsewhere) is asked for directly, and judged by what GitHub sends.
    public func codeFilePage(_ location: CodeLocation) async throws -> CodeFilePage {
        async let repository = Loadable { try await getRepository(owner: location.owner, name: location.name) }
        let file = try await Loadable { try await loadFile(location) }
        return CodeFilePage(location: location, repository: try await repository, file: file)
    }

    /// The branches and tags to choose from, asked at once.
    public func referencesPage(owner: String, name: String) async throws -> ReferencesPage {
        async let repository = Loadable { try await getRepository(owner: owner, name: name) }
        async let branches = Loadable { try await getBranches(owner: owner, name: name) }
        let tags = try await Loadable { try await getTags(owner: owner, name: name) }
        return ReferencesPage(repository: try await repository, branches: try await branches, tags: tags)
    }

    private func loadFile(_ location: CodeLocation) async throws -> CodeFile {
        var listed: ContentEntry?
        if let folder = location.parent, case .folder(let entries)? = try? await getContents(folder) {
            listed = entries.first { $0.path == location.path }
        }
        if let listed, let content = CodeFile.content(before: listed) {
            return CodeFile(entry: listed, content: content)
        }
        switch try await getContents(location) {
        case .folder:
            let entry = listed ?? ContentEntry(name: location.lastComponent, path: location.path, kind: .folder, size: 0)
            return CodeFile(entry: entry, content: .folder)
        case .file(let file):
            return CodeFile(entry: file.entry, content: CodeFile.content(of: file))
        }
    }
}

/// A file as the code browser shows it (issue 49).
public struct CodeFile: Sendable, Hashable {
    public enum Content: Sendable, Hashable {
        /// The file's text (bytes that are not UTF-8 replaced, a byte-order mark dropped).
        case text(String)
        /// A picture, shown from this address (the raw file, without any query) through the proxy.
        case image(URL)
        /// Over what GitHub's contents API gives (1 MB), or the proxy serves: named only.
        case tooLarge
        /// Not text: named only.
        case binary
        /// A submodule, or a symbolic link to something that is not a file (its target, when known).
        case link(target: String?)
        /// The path names a folder.
        case folder
    }

    public let entry: ContentEntry
    public let content: Content

    public init(entry: ContentEntry, content: Content) {
        self.entry = entry
        self.content = content
    }

    /// What a listing's entry alone decides, or nil when the file must be fetched to tell.
    static func content(before entry: ContentEntry) -> Content? {
        switch entry.kind {
        case .folder: return .folder
        case .submodule: return .link(target: nil)
        case .symlink: return nil  // its size is the link's; GitHub answers with the file it names
        case .file: break
        }
        let kind = FileKind.of(name: entry.name)
        if kind == .image, let address = imageAddress(entry.downloadURL) {
            return entry.size <= FileKind.maximumImageBytes ? .image(address) : .tooLarge
        }
        if entry.size > FileKind.maximumTextBytes { return .tooLarge }
        return kind == .binary ? .binary : nil
    }

    /// What a fetched file is.
    static func content(of file: ContentFile) -> Content {
        switch file.entry.kind {
        case .folder: return .folder
        case .submodule: return .link(target: nil)
        case .symlink: return .link(target: file.target)  // a link to a file comes as that file
        case .file: break
        }
        if let decided = content(before: file.entry) { return decided }
        guard let bytes = file.content else { return .tooLarge }
        if FileKind.looksBinary(bytes) { return .binary }
        return .text(Readme.text(from: bytes))
    }

    /// An http(s) address without its query or fragment: a private repository's raw address
    /// carries a short-lived token there, which must never reach a page.
    static func imageAddress(_ url: URL?) -> URL? {
        guard let url, let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https", url.host != nil,
              var components = URLComponents(url: url, resolvingAgainstBaseURL: true)
        else { return nil }
        components.query = nil
        components.fragment = nil
        return components.url
    }
}

/// A folder's screen as loaded.
public struct CodeTreePage: Sendable {
    public let location: CodeLocation
    public let repository: Loadable<RepositoryDetails>
    public let contents: Loadable<RepositoryContents>
    /// The folder's README: nil when it has none (or is the root), or one too large or not text.
    public let readme: Loadable<Readme?>

    /// Why the screen cannot be shown without signing in; nil when nothing needs it.
    public var signInNeeded: GitHubFailure? {
        .signInNeeded(repository.signInNeeded, contents.signInNeeded, readme.signInNeeded)
    }
}

/// A file's screen as loaded.
public struct CodeFilePage: Sendable {
    public let location: CodeLocation
    public let repository: Loadable<RepositoryDetails>
    public let file: Loadable<CodeFile>

    public var signInNeeded: GitHubFailure? { .signInNeeded(repository.signInNeeded, file.signInNeeded) }
}

/// The branch and tag picker as loaded.
public struct ReferencesPage: Sendable {
    public let repository: Loadable<RepositoryDetails>
    public let branches: Loadable<[GitReference]>
    public let tags: Loadable<[GitReference]>

    public var signInNeeded: GitHubFailure? { .signInNeeded(repository.signInNeeded, branches.signInNeeded, tags.signInNeeded) }
}

extension GitHubFailure {
    /// Of the reasons a screen's calls give for signing in, the one to say: a refused token over
    /// a missing one (a refused token is forgotten at once, so a call made beside the refused one
    /// may find none).
    static func signInNeeded(_ reasons: GitHubFailure?...) -> GitHubFailure? {
        reasons.contains(.badCredentials) ? .badCredentials : reasons.lazy.compactMap { $0 }.first
    }
}
