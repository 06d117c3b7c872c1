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
    /// The name a person gave the browser on the Devices screen (`GivenBrowserName`), shown
    /// instead of `name`; nil until one is given (issue 50: two iPhones are both "Safari on iPhone").
    public var givenName: String?
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
    /// The browser that removed this one (itself for "Forget this browser"); nil when it was not
    /// removed, was replaced by a link, or was removed before this was kept (issue 46, item 8).
    public var removedBy: SessionID?

    public init(
        id: SessionID, owner: DeviceID, name: String, createdAt: Date, lastSeenAt: Date? = nil, removedAt: Date? = nil,
        replacedBy: SessionID? = nil, removedBy: SessionID? = nil, givenName: String? = nil
    ) {
        self.givenName = givenName
        self.id = id
        self.owner = owner
        self.name = name
        self.createdAt = createdAt
        self.lastSeenAt = lastSeenAt ?? createdAt
        self.removedAt = removedAt
        self.replacedBy = replacedBy
        self.removedBy = removedBy
    }

    /// Whether another browser removed this one: its next page says so (issue 46, item 8), where
    /// a browser that forgot itself, or one a link replaced, is told nothing.
    public var wasRemovedByAnother: Bool {
        guard isRemoved, replacedBy == nil, let removedBy else { return false }
        return removedBy != id
    }

    public var isRemoved: Bool { removedAt != nil }

    /// How long after a link the replaced session's cookie still stands for the new session: long
    /// enough for the requests that crossed the link (the answer that completes it sets the new
    /// cookie), too short for a cookie copied before it to open the linked owner's data.
    public static let replacementWindow: TimeInterval = 10

    /// The session that took this one's place, while a request carrying this one's cookie may still
    /// be one that crossed the link (`replacementWindow`); nil otherwise.
    public func replacement(at date: Date) -> SessionID? {
        guard let replacedBy, let removedAt, date.timeIntervalSince(removedAt) <= Self.replacementWindow else { return nil }
        return replacedBy
    }

    /// A session's last-seen time is written at most this often (issue 36): the Devices screen
    /// shows the day, and an hour keeps that right in every zone at one write an hour a browser.
    public static let lastSeenInterval: TimeInterval = 3600
}

/// A browser removed from an owner's linked browsers, as every browser's Devices screen lists it
/// for `shownFor` (issue 46, item 8: a linked browser may remove the owner's first one; equal
/// rights, but nobody is removed unseen).
public struct BrowserRemoval: Sendable, Hashable {
    /// How long a removal stays listed.
    public static let shownFor: TimeInterval = 30 * 86_400

    public let removed: BrowserSession
    /// The name of the browser that removed it; nil when unknown (removed before this was kept).
    public let removerName: String?

    public init(removed: BrowserSession, removerName: String?) {
        self.removed = removed
        self.removerName = removerName
    }

    /// Whether the browser removed itself ("Forget this browser").
    public var removedItself: Bool { removed.removedBy == removed.id }
}

/// A link that makes another browser a session of `owner` (`POST /devices/link`): kept as its
/// code's lookup (the code's first group, not secret) and digests of its whole code and of its
/// link's token, so a copy of the database redeems nothing by reading it.
public struct LinkGrant: Sendable, Hashable {
    /// How many wrong secrets a code takes before it stops working (issue 36, "attempts are limited
    /// per code"): with a secret of 40 bits, 5 wrong tries find it with a chance of 5 / 2⁴⁰ ≈
    /// 4.5 × 10⁻¹², however many addresses and servers they come from; a person who mistypes
    /// a code a few times still gets in. The link's token, 128 bits, is not counted: no rate of
    /// guessing reaches it, so a guesser who spends a code's tries leaves its link working.
    public static let wrongCodeLimit = 5

    public let codeLookup: String
    public let codeDigest: String
    public let tokenDigest: String
    public let owner: DeviceID
    public let expiresAt: Date

    public init(codeLookup: String, codeDigest: String, tokenDigest: String, owner: DeviceID, expiresAt: Date) {
        self.codeLookup = codeLookup
        self.codeDigest = codeDigest
        self.tokenDigest = tokenDigest
        self.owner = owner
        self.expiresAt = expiresAt
    }
}

/// What a browser presents to take a link, as the stores look it up.
public enum LinkClaim: Sendable, Hashable {
    /// A typed code: its lookup names the grant, whose code digest must be `digest`; a wrong one
    /// is counted against that grant.
    case code(lookup: String, digest: String)
    /// A link's token, by its digest.
    case token(digest: String)
}

/// What a `LinkClaim` found.
public enum LinkAnswer<Found: Sendable>: Sendable {
    case found(Found)
    /// No good link: none by that code or token, expired, taken already, or a wrong secret (counted).
    case notFound
    /// The code's link has taken `LinkGrant.wrongCodeLimit` wrong secrets: its code works no more
    /// (its token still does), until it expires.
    case spent

    public var found: Found? {
        if case .found(let found) = self { found } else { nil }
    }

    public func map<Other: Sendable>(_ transform: (Found) throws -> Other) rethrows -> LinkAnswer<Other> {
        switch self {
        case .found(let found): .found(try transform(found))
        case .notFound: .notFound
        case .spent: .spent
        }
    }
}

extension LinkAnswer: Equatable where Found: Equatable {}
extension LinkAnswer: Hashable where Found: Hashable {}

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
    /// Marks the owner's session removed by the browser of session `remover`; false when the owner
    /// has no such session left.
    func remove(_ id: SessionID, of owner: DeviceID, by remover: SessionID, at date: Date) async throws -> Bool
    /// The owner's browsers removed (not replaced by a link) at `since` or later, newest first, each
    /// with the name of the browser that removed it (issue 46, item 8).
    func removals(of owner: DeviceID, since: Date) async throws -> [BrowserRemoval]
    /// Gives the owner's browser `id` the name `name` (nil: its User-Agent's name again), a name
    /// `GivenBrowserName` has read; false when the owner has no such browser left (issue 50).
    func rename(_ id: SessionID, of owner: DeviceID, to name: String?) async throws -> Bool
    /// Keeps `grant` (and lets expired grants go); false, keeping nothing, when a grant that has
    /// not expired has its code's lookup already (the caller makes another code).
    func storeLink(_ grant: LinkGrant) async throws -> Bool
    /// The owner of the good grant `claim` names; redeems nothing, but a code whose lookup names a
    /// good grant and whose digest is not that grant's counts one wrong try against the grant, and
    /// the try that reaches `LinkGrant.wrongCodeLimit` answers `.spent`.
    func linkOwner(_ claim: LinkClaim, at date: Date) async throws -> LinkAnswer<DeviceID>
    /// In one transaction: takes the good grant `claim` names (so no one else can), marks
    /// `replacing` removed and replaced by `id`, and opens session `id` of the grant's owner.
    /// `.notFound` when no good grant matched (none, expired, already taken by someone else, or a
    /// wrong code, counted as `linkOwner` counts it), `.spent` for a code that has had its tries.
    func redeemLink(
        _ claim: LinkClaim, as id: SessionID, named name: String, replacing: SessionID?, at date: Date
    ) async throws -> LinkAnswer<BrowserSession>
}

