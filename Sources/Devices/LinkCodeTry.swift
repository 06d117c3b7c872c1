/// The wrong-code rule (issue 36, "attempts are limited per code"), once for every store: what one
/// typed code does to the good grant its lookup names. A store finds the grant, counts a wrong try
/// when `countsAWrongTry` says so, in the same transaction, and answers `answer(_:)`.
public struct LinkCodeTry: Sendable, Hashable {
    /// The typed code is the grant's, and the grant still takes tries.
    public let isRight: Bool
    /// The grant has had `LinkGrant.wrongCodeLimit` wrong tries, this one included.
    public let spendsTheCode: Bool
    /// A wrong code at a grant that still took tries: the store adds one to its count.
    public let countsAWrongTry: Bool

    /// `typedDigest` tried against a grant whose code digest is `storedDigest` and which has taken
    /// `wrongTries` wrong codes so far.
    public init(typedDigest: String, storedDigest: String, wrongTries: Int) {
        guard wrongTries < LinkGrant.wrongCodeLimit else {
            (isRight, spendsTheCode, countsAWrongTry) = (false, true, false)
            return
        }
        let isRight = typedDigest == storedDigest
        self.isRight = isRight
        countsAWrongTry = !isRight
        spendsTheCode = !isRight && wrongTries + 1 >= LinkGrant.wrongCodeLimit
    }

    /// What the claim found: the grant when the code is right, `.spent` once the code has had its
    /// tries, `.notFound` for a wrong code the grant still takes tries after.
    public func answer<Found: Sendable>(_ grant: @autoclosure () -> Found) -> LinkAnswer<Found> {
        if isRight { return .found(grant()) }
        return spendsTheCode ? .spent : .notFound
    }
}
