import Devices
import Testing

@Suite("The wrong-code rule both session stores apply")
struct LinkCodeTryTests {
    @Test("the right code finds the grant and counts nothing")
    func right() {
        let attempt = LinkCodeTry(typedDigest: "a", storedDigest: "a", wrongTries: LinkGrant.wrongCodeLimit - 1)
        #expect(attempt.answer("grant") == .found("grant"))
        #expect(!attempt.countsAWrongTry)
    }

    @Test("a wrong code counts one try and finds nothing, until the try that reaches the limit spends the code")
    func wrong() {
        for tries in 0..<(LinkGrant.wrongCodeLimit - 1) {
            let attempt = LinkCodeTry(typedDigest: "b", storedDigest: "a", wrongTries: tries)
            #expect(attempt.countsAWrongTry)
            #expect(attempt.answer("grant") == .notFound)
        }
        let last = LinkCodeTry(typedDigest: "b", storedDigest: "a", wrongTries: LinkGrant.wrongCodeLimit - 1)
        #expect(last.countsAWrongTry)
        #expect(last.answer("grant") == .spent)
    }

    @Test("a spent code answers spent, even when right, and counts nothing more")
    func spent() {
        for typed in ["a", "b"] {
            let attempt = LinkCodeTry(typedDigest: typed, storedDigest: "a", wrongTries: LinkGrant.wrongCodeLimit)
            #expect(!attempt.countsAWrongTry)
            #expect(attempt.answer("grant") == .spent)
        }
    }
}
