import Foundation

/// One browser presenting an owner's data (issue 36, "Linked browsers"): a random 128-bit id,
/// named by the browser's signed cookie. The owner (`DeviceID`) keeps every row; a session only
/// says which browser shows them.
public struct SessionID: Sendable, Hashable, Codable, CustomStringConvertible {
    public let rawValue: String

    /// Accepts exactly 32 lowercase hex digits (128 bits), the form `random()` makes.
    public init?(_ rawValue: String) {
        guard RandomID128.isValid(rawValue) else { return nil }
        self.rawValue = rawValue
    }

    /// A new id from the system's cryptographically secure generator.
    public static func random() -> SessionID { SessionID(RandomID128.random())! }

    public var description: String { rawValue }
}

/// One browser's session as stored: whose data it shows, what it is called, when it came and was
/// last seen, and whether someone removed it.
public struct BrowserSession: Sendable, Hashable {
    public let id: SessionID
    public let owner: DeviceID
    /// What the browser's User-Agent says it is ("Chrome on Android"), drawn when the session began.
    public let name: String
    public let createdAt: Date
    /// Written at most once an hour (`SessionStore.lastSeenInterval`).
    public var lastSeenAt: Date
    /// Set when the browser was removed (from itself: "Forget this browser", or from another one);
    /// the row stays so the browser's cookie is recognised as removed, never as a new session.
    public var removedAt: Date?
    /// The session that took this one's place when its browser was linked to another owner's data
    /// (`SessionStore.redeemLink`): a request of that browser still carrying this one's cookie (one
    /// that crossed the redemption) is the new session's, not a new device's.
    public var replacedBy: SessionID?

    public init(
        id: SessionID, owner: DeviceID, name: String, createdAt: Date, lastSeenAt: Date? = nil, removedAt: Date? = nil,
        replacedBy: SessionID? = nil
    ) {
        self.id = id
        self.owner = owner
        self.name = name
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt ?? createdAt
        self.removedAt = removedAt
        self.replacedBy = replacedBy
    }

    public var isRemoved: Bool { removedAt != nil }

    /// A session's last-seen time is written at most this often (issue 36): the Devices screen
    /// shows the day, and an hour keeps that right in every zone at one write an hour a browser.
    public static let lastSeenInterval: TimeInterval = 3600
}

/// A link that makes another browser a session of `owner` (`POST /devices/link`): kept only as
/// digests of its typed code and of its link's token, so a copy of the database redeems nothing.
public struct LinkGrant: Sendable, Hashable {
    public let codeDigest: String
    public let tokenDigest: String
    public let owner: DeviceID
    public let expiresAt: Date

    public init(codeDigest: String, tokenDigest: String, owner: DeviceID, expiresAt: Date) {
        self.codeDigest = codeDigest
        self.tokenDigest = tokenDigest
        self.owner = owner
        self.expiresAt = expiresAt
    }
}

/// Where sessions and link grants are kept, on both backends.
public protocol SessionStore: Sendable {
    /// The session with `id`, a removed one included; nil when none was stored.
    func session(_ id: SessionID) async throws -> BrowserSession?
    /// Stores `session` (making its owner's device row when missing) unless one with its id is
    /// stored already; returns what is stored under the id afterwards.
    func open(_ session: BrowserSession) async throws -> BrowserSession
    /// The owner's sessions that are not removed, oldest first.
    func sessions(of owner: DeviceID) async throws -> [BrowserSession]
    /// Records that the session was seen at `date`, unless it was within `lastSeenInterval` before.
    func markSeen(_ id: SessionID, at date: Date) async throws
    /// Marks the owner's session removed; false when the owner has no such session left.
    func remove(_ id: SessionID, of owner: DeviceID, at date: Date) async throws -> Bool
    /// Keeps `grant` (and lets expired grants go).
    func storeLink(_ grant: LinkGrant) async throws
    /// The owner of the grant whose code or token digest is `digest`, while it is good; redeems nothing.
    func linkOwner(digest: String, at date: Date) async throws -> DeviceID?
    /// In one transaction: takes the good grant whose code or token digest is `digest` (so no one
    /// else can), marks `replacing` removed and replaced by `id`, and opens session `id` of the grant's owner. Nil when
    /// no good grant matched (none, expired, or already taken by someone else).
    func redeemLink(digest: String, as id: SessionID, named name: String, replacing: SessionID?, at date: Date) async throws -> BrowserSession?
}

