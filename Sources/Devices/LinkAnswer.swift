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
