import Foundation

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
