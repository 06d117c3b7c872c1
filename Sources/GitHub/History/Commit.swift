import Foundation

/// One commit as `GET /repos/{owner}/{repo}/commits` lists it (issue 49): `{"sha", "html_url",
/// "commit": {"message", "author": {"name", "email", "date"}, "committer": {…}}, "author":
/// {"login", …} or null, "parents": [{"sha"}]}`. `author` is GitHub's account for the commit's
/// e-mail address, null when none matches: then the name written in the commit stands in.
public struct CommitSummary: Decodable, Sendable, Hashable, Identifiable {
    public let sha: String
    /// The whole message, as written.
    public let message: String
    /// The author's GitHub login, when GitHub knows the address.
    public let authorLogin: String?
    /// The name written in the commit.
    public let authorName: String?
    /// When the author wrote it.
    public let date: Date
    public let htmlURL: URL?
    public let parentSHAs: [String]

    public init(
        sha: String, message: String, authorLogin: String?, authorName: String?, date: Date, htmlURL: URL? = nil,
        parentSHAs: [String] = []
    ) {
        self.sha = sha
        self.message = message
        self.authorLogin = authorLogin
        self.authorName = authorName
        self.date = date
        self.htmlURL = htmlURL
        self.parentSHAs = parentSHAs
    }

    public var id: String { sha }

    /// The message's first line: what a list shows.
    public var headline: String {
        String(message.prefix { $0 != "\n" && $0 != "\r\n" && $0 != "\r" })
    }

    /// The lines after the first and the blank line under it; empty when there are none.
    public var body: String {
        guard let end = message.firstIndex(where: { $0 == "\n" || $0 == "\r\n" }) else { return "" }
        return message[message.index(after: end)...].trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Who to name: the login, else the written name, else nil.
    public var author: String? {
        authorLogin ?? authorName.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// The first seven characters, as GitHub shortens a SHA.
    public var shortSHA: String { String(sha.prefix(7)) }

    enum CodingKeys: String, CodingKey {
        case sha, commit, author, parents
        case htmlURL = "html_url"
    }

    enum GitCommitKeys: String, CodingKey {
        case message, author, committer
    }

    enum SignatureKeys: String, CodingKey {
        case name, date
    }

    enum AccountKeys: String, CodingKey {
        case login
    }

    struct Parent: Decodable {
        let sha: String
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        sha = try container.decode(String.self, forKey: .sha)
        htmlURL = try? container.decodeIfPresent(URL.self, forKey: .htmlURL)
        parentSHAs = (try container.decodeIfPresent([Parent].self, forKey: .parents) ?? []).map(\.sha)
        let account = try? container.nestedContainer(keyedBy: AccountKeys.self, forKey: .author)
        authorLogin = try account?.decodeIfPresent(String.self, forKey: .login)
        let git = try container.nestedContainer(keyedBy: GitCommitKeys.self, forKey: .commit)
        message = try git.decode(String.self, forKey: .message)
        let signature = try (try? git.nestedContainer(keyedBy: SignatureKeys.self, forKey: .author))
            ?? git.nestedContainer(keyedBy: SignatureKeys.self, forKey: .committer)
        authorName = try signature.decodeIfPresent(String.self, forKey: .name)
        date = try signature.decodeGitHubDate(forKey: .date)
    }
}

/// One commit in full, from `GET /repos/{owner}/{repo}/commits/{sha}` (issue 49): the summary,
/// its totals (`stats`) and the files it changed (GitHub lists up to 300, each with its `patch`
/// when the file is text and the diff is not too large for GitHub).
public struct CommitDetails: Decodable, Sendable, Hashable {
    public let summary: CommitSummary
    public let additions: Int
    public let deletions: Int
    public let files: [ChangedFile]

    public init(summary: CommitSummary, additions: Int, deletions: Int, files: [ChangedFile]) {
        self.summary = summary
        self.additions = additions
        self.deletions = deletions
        self.files = files
    }

    enum CodingKeys: String, CodingKey {
        case stats, files
    }

    enum StatsKeys: String, CodingKey {
        case additions, deletions
    }

    public init(from decoder: any Decoder) throws {
        summary = try CommitSummary(from: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        files = try container.decodeIfPresent([ChangedFile].self, forKey: .files) ?? []
        if let stats = try? container.nestedContainer(keyedBy: StatsKeys.self, forKey: .stats) {
            additions = max(0, try stats.decodeIfPresent(Int.self, forKey: .additions) ?? 0)
            deletions = max(0, try stats.decodeIfPresent(Int.self, forKey: .deletions) ?? 0)
        } else {
            additions = files.reduce(0) { $0 + $1.additions }
            deletions = files.reduce(0) { $0 + $1.deletions }
        }
    }
}

/// A file a commit changed (issue 49): `{"filename", "status", "additions", "deletions",
/// "changes", "blob_url", "patch"?, "previous_filename"?}`.
public struct ChangedFile: Decodable, Sendable, Hashable {
    /// GitHub's `status`; an unknown one is `.changed`.
    public enum Status: String, Sendable, Hashable, CaseIterable {
        case added, removed, modified, renamed, copied, changed, unchanged
    }

    public let filename: String
    public let previousFilename: String?
    public let status: Status
    public let additions: Int
    public let deletions: Int
    /// The unified diff's hunks; nil for a binary file, or a diff GitHub found too large.
    public let patch: String?
    public let blobURL: URL?

    public init(
        filename: String, previousFilename: String? = nil, status: Status, additions: Int, deletions: Int, patch: String?,
        blobURL: URL? = nil
    ) {
        self.filename = filename
        self.previousFilename = previousFilename
        self.status = status
        self.additions = additions
        self.deletions = deletions
        self.patch = patch
        self.blobURL = blobURL
    }

    enum CodingKeys: String, CodingKey {
        case filename, status, additions, deletions, patch
        case previousFilename = "previous_filename"
        case blobURL = "blob_url"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        filename = try container.decode(String.self, forKey: .filename)
        previousFilename = try container.decodeIfPresent(String.self, forKey: .previousFilename)
        status = Status(rawValue: try container.decode(String.self, forKey: .status)) ?? .changed
        additions = max(0, try container.decodeIfPresent(Int.self, forKey: .additions) ?? 0)
        deletions = max(0, try container.decodeIfPresent(Int.self, forKey: .deletions) ?? 0)
        patch = try container.decodeIfPresent(String.self, forKey: .patch)
        blobURL = try? container.decodeIfPresent(URL.self, forKey: .blobURL)
    }
}
