import Foundation
import GitHub
import Testing
import Upstream

@Suite("GitHubFailure (GH-4)")
struct FailureMappingTests {
    @Test("every upstream failure maps onto the closed set", arguments: [
        (UpstreamFailure.offline, GitHubFailure.offline), (.timedOut, .timedOut), (.badCredentials, .badCredentials),
        (.rateLimited(resetsAt: nil), .rateLimited(resetsAt: nil)), (.rateLimited(resetsAt: now), .rateLimited(resetsAt: now)),
        (.notFound, .notFound), (.server(status: 500), .server(status: 500)), (.server(status: 418), .server(status: 418)),
        (.unreadable, .unreadable), (.rejected(.tooLarge), .unreadable), (.rejected(.notAnImage), .unreadable),
    ])
    func upstream(failure: UpstreamFailure, expected: GitHubFailure) {
        #expect(GitHubFailure(failure) == expected)
        #expect(GitHubFailure(catching: failure) == expected)
    }

    @Test("other errors: itself, a token problem, a decoding error, anything else")
    func catching() {
        #expect(GitHubFailure(catching: GitHubFailure.signedOut) == .signedOut)
        #expect(GitHubFailure(catching: TokenProblem.containsSpaces) == .malformedToken(.containsSpaces))
        let decoding = DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "bad"))
        #expect(GitHubFailure(catching: decoding) == .unreadable)
        struct Odd: Error {}
        #expect(GitHubFailure(catching: Odd()) == .unreadable)
    }

    @Test("only token failures send the person to sign-in")
    func requiresSignIn() {
        let signIn = allFailures.filter(\.requiresSignIn)
        #expect(signIn == TokenProblem.allCases.map { .malformedToken($0) } + [.signedOut, .badCredentials])
    }
}
