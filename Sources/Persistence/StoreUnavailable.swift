/// A store that cannot answer now: its database is restarting, refuses connections or did not
/// answer within its statement timeout (issue 26). What was asked may work a few seconds later,
/// so the web shell answers 503 with `Retry-After` and never a 500; a store backend throws this
/// for such failures and keeps every other error as it is.
public struct StoreUnavailable: Error, Sendable, CustomStringConvertible {
    /// What failed, for the log: never a URL or a password.
    public let reason: String

    public init(reason: String) {
        self.reason = reason
    }

    public var description: String { "store unavailable: \(reason)" }
}
