import Foundation

/// The confirmation of an upload's preview (a habit import, a backup restore), spent in the same
/// transaction that applies it (issue 46, item 9): a preview is applied once, on any server, and a
/// confirmation whose transaction did not commit (an error, a server killed mid-write) was not
/// spent, so sending it again applies it. `digest` names the preview's seal; the record is kept
/// until `expiresAt`, after which the seal opens nothing anyway.
public struct SpentConfirmation: Sendable, Hashable {
    public let digest: String
    public let expiresAt: Date

    public init(digest: String, expiresAt: Date) {
        self.digest = digest
        self.expiresAt = expiresAt
    }
}

/// The preview was applied already: the transaction wrote nothing.
public struct AlreadyConfirmed: Error, Sendable {
    public init() {}
}
