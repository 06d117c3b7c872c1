/// What a browser presents to take a link, as the stores look it up.
public enum LinkClaim: Sendable, Hashable {
    /// A typed code: its lookup names the grant, whose code digest must be `digest`; a wrong one
    /// is counted against that grant.
    case code(lookup: String, digest: String)
    /// A link's token, by its digest.
    case token(digest: String)
}
