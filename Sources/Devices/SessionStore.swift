import Foundation

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
