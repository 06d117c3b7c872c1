import Synchronization
import Testing
@testable import WebShell

@Suite("Readiness checks")
struct OperatorRoutesTests {
    @Test("a check that answers counts; one that throws does not")
    func answers() async {
        let answered = await OperatorRoutes.succeeds(within: .seconds(30)) {}
        let failed = await OperatorRoutes.succeeds(within: .seconds(30)) { throw CancellationError() }
        #expect(answered)
        #expect(failed == false)
    }

    @Test("a check that never answers and ignores cancellation is a no at the timeout, not a hang")
    func neverAnswers() async {
        let release = Mutex(false)
        let ready = await OperatorRoutes.succeeds(within: .milliseconds(50)) {
            // A database call that does not heed cancellation: it ends only when the test lets it.
            while !release.withLock({ $0 }) { try? await Task.sleep(for: .milliseconds(10)) }
        }
        #expect(ready == false)
        release.withLock { $0 = true }
    }
}
