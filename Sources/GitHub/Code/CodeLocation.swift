/// A place in a repository's code (issue 49): the repository by owner and name (any repository
/// the token can see, not only the person's own), a branch, tag or commit (nil: the default
/// branch), and a path from the root (empty: the root). Made only from values GitHub could name:
/// no empty, `.` or `..` piece, no control character, bounded lengths; anything else is nil, so a
/// request naming it is a 404 without asking GitHub.
public struct CodeLocation: Sendable, Hashable {
    public let owner: String
    public let name: String
    public let ref: String?
    /// `docs/api/index.md`; empty at the root.
    public let path: String

    /// GitHub's longest login is 39 characters and repository name 100; a ref is a Git path.
    static let maximumNameLength = 100
    static let maximumRefBytes = 255
    static let maximumPathBytes = 4096

    public init?(owner: String, name: String, ref: String? = nil, path: String = "") {
        guard Self.isName(owner), Self.isName(name) else { return nil }
        let ref = ref.flatMap { $0.isEmpty ? nil : $0 }
        if let ref, ref.utf8.count > Self.maximumRefBytes || !Self.isPath(ref) { return nil }
        let trimmed = path.split(separator: "/", omittingEmptySubsequences: false)
        let pieces = trimmed.first == "" ? trimmed.dropFirst() : trimmed[...]
        let joined = (pieces.last == "" ? pieces.dropLast() : pieces).joined(separator: "/")
        guard joined.utf8.count <= Self.maximumPathBytes, joined.isEmpty || Self.isPath(joined) else { return nil }
        self.owner = owner
        self.name = name
        self.ref = ref
        self.path = joined
    }

    public var isRoot: Bool { path.isEmpty }

    /// The last piece of the path; empty at the root.
    public var lastComponent: String {
        path.split(separator: "/").last.map(String.init) ?? ""
    }

    /// The folder holding this place; nil at the root.
    public var parent: CodeLocation? {
        guard !isRoot else { return nil }
        let pieces = path.split(separator: "/").dropLast()
        return CodeLocation(owner: owner, name: name, ref: ref, path: pieces.joined(separator: "/"))
    }

    /// The same repository and ref at `path`.
    public func at(_ path: String) -> CodeLocation? {
        CodeLocation(owner: owner, name: name, ref: ref, path: path)
    }

    /// The same repository at another ref, at its root.
    public func root(ref: String?) -> CodeLocation? {
        CodeLocation(owner: owner, name: name, ref: ref)
    }

    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maximumNameLength && text != "." && text != ".." && !text.contains("/")
            && !hasControlCharacter(text)
    }

    /// Pieces between `/` that are not empty, `.` or `..`, and no control character.
    private static func isPath(_ text: String) -> Bool {
        !hasControlCharacter(text)
            && text.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    private static func hasControlCharacter(_ text: String) -> Bool {
        text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
