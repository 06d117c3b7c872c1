import Foundation

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
