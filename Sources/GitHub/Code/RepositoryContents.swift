import Foundation

/// What `GET /repos/{owner}/{repo}/contents/{path}?ref=` answers (issue 49): a folder's entries
/// (an array) or one file (an object). GitHub lists at most 1,000 entries of a folder and gives a
/// file's content only up to 1 MB; it gives no last commit per entry (that would be one
/// `commits?path=` call per entry), so the code browser shows none.
public enum RepositoryContents: Decodable, Sendable, Hashable {
    case folder([ContentEntry])
    case file(ContentFile)

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let entries = try? container.decode([ContentEntry].self) {
            self = .folder(entries)
        } else {
            self = .file(try container.decode(ContentFile.self))
        }
    }
}

/// One entry of a folder's listing (issue 49): its name, kind and size, and where GitHub shows it.
public struct ContentEntry: Decodable, Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case folder, file, symlink, submodule
    }

    public let name: String
    /// From the repository's root: `docs/guide.md`.
    public let path: String
    public let kind: Kind
    /// Bytes; 0 for a folder.
    public let size: Int
    /// The entry's page on github.com.
    public let htmlURL: URL?
    /// The raw file (`raw.githubusercontent.com`); nil for a folder or a submodule.
    public let downloadURL: URL?

    public init(name: String, path: String, kind: Kind, size: Int, htmlURL: URL? = nil, downloadURL: URL? = nil) {
        self.name = name
        self.path = path
        self.kind = kind
        self.size = size
        self.htmlURL = htmlURL
        self.downloadURL = downloadURL
    }

    enum CodingKeys: String, CodingKey {
        case name, path, type, size
        case htmlURL = "html_url"
        case downloadURL = "download_url"
        case gitURL = "git_url"
    }

    /// GitHub's `type` is `dir`, `file`, `symlink` or `submodule`; a listing names a submodule
    /// `file` (for compatibility, its documentation says), recognisable by its `git_url` to a
    /// tree and no `download_url`. A negative size is read as 0.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        path = try container.decode(String.self, forKey: .path)
        size = max(0, try container.decodeIfPresent(Int.self, forKey: .size) ?? 0)
        htmlURL = try? container.decodeIfPresent(URL.self, forKey: .htmlURL)
        downloadURL = try? container.decodeIfPresent(URL.self, forKey: .downloadURL)
        let type = try container.decode(String.self, forKey: .type)
        let gitURL = (try? container.decodeIfPresent(String.self, forKey: .gitURL)) ?? nil
        switch type {
        case "dir": kind = .folder
        case "symlink": kind = .symlink
        case "submodule": kind = .submodule
        case "file" where downloadURL == nil && gitURL?.contains("/git/trees/") == true: kind = .submodule
        default: kind = .file
        }
    }
}

/// One file from the contents API (issue 49): its entry, and its bytes when GitHub sent them
/// (`encoding` `base64`, files up to 1 MB). A larger file comes with `encoding` `none` and no
/// content; a symlink to something other than a file comes with its `target`.
public struct ContentFile: Decodable, Sendable, Hashable {
    public let entry: ContentEntry
    /// The file's bytes; nil when GitHub sent none.
    public let content: Data?
    /// Where a symlink points, when GitHub answers with the link itself.
    public let target: String?

    public init(entry: ContentEntry, content: Data?, target: String? = nil) {
        self.entry = entry
        self.content = content
        self.target = target
    }

    enum CodingKeys: String, CodingKey {
        case content, encoding, target
    }

    public init(from decoder: any Decoder) throws {
        entry = try ContentEntry(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        target = try container.decodeIfPresent(String.self, forKey: .target)
        let encoding = try container.decodeIfPresent(String.self, forKey: .encoding)?.lowercased()
        let text = try container.decodeIfPresent(String.self, forKey: .content)
        switch (encoding, text) {
        case ("base64", let text?):
            guard let bytes = Data(base64Encoded: text.filter { !$0.isWhitespace }) else {
                throw DecodingError.dataCorruptedError(forKey: .content, in: container, debugDescription: "content is not base64")
            }
            content = bytes
        case ("utf-8", let text?), ("utf8", let text?):
            content = Data(text.utf8)
        default:
            content = nil
        }
    }
}
