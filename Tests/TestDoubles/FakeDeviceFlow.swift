import Foundation
import GitHub
import Synchronization

/// GitHub's device flow as tests need it (issue 49): a code on every start, and each poll answered
/// from a queue (`authorization_pending` once it is empty); every call counted.
public final class FakeDeviceFlow: GitHubDeviceFlowAPI {
    public struct State: Sendable {
        public var userCode = "WDJB-MJHT"
        public var deviceCode = "3584d83530557fdd1f46af8289938c8ef79f9dc5"
        public var verificationURI = URL(string: "https://github.com/login/device")!
        public var interval = 5
        public var expiresIn = 900
        /// What the next polls answer, in order; `.pending` once empty.
        public var answers: [DeviceTokenAnswer] = []
        /// Thrown by the next poll instead of an answer, once.
        public var pollFailure: (any Error & Sendable)?
        /// Thrown by every start while set (`DeviceFlowEnd.disabled`, `UpstreamFailure.offline`).
        public var startFailure: (any Error & Sendable)?
        public var starts = 0
        public var polls = 0
        /// The client ids and device codes the polls came with.
        public var polledWith: [String] = []
        public var scopes: [String] = []
        public init() {}
    }

    public static let clientID = "Iv1.fakefakefakefake"
    /// An OAuth app's token (`gho_`), as GitHub grants one.
    public static let grantedToken = "gho_" + String(repeating: "De7v", count: 9)

    private let state = Mutex(State())

    public init(_ configure: (inout State) -> Void = { _ in }) {
        state.withLock { configure(&$0) }
    }

    public func update(_ change: (inout State) -> Void) { state.withLock { change(&$0) } }
    public var polls: Int { state.withLock { $0.polls } }
    public var starts: Int { state.withLock { $0.starts } }
    public var polledWith: [String] { state.withLock { $0.polledWith } }
    public var scopes: [String] { state.withLock { $0.scopes } }

    public var settings: DeviceFlowSettings { DeviceFlowSettings(api: self, clientID: Self.clientID) }

    public func requestDeviceCode(clientID: String, scope: String) async throws -> DeviceAuthorization {
        let state = try self.state.withLock { state in
            state.starts += 1
            state.scopes.append(scope)
            if let failure = state.startFailure { throw failure }
            return state
        }
        return DeviceAuthorization(
            deviceCode: DeviceFlowSecret(state.deviceCode), userCode: state.userCode, verificationURI: state.verificationURI,
            expiresIn: state.expiresIn, interval: state.interval)
    }

    public func pollAccessToken(clientID: String, deviceCode: DeviceFlowSecret) async throws -> DeviceTokenAnswer {
        try state.withLock { state in
            state.polls += 1
            state.polledWith.append("\(clientID) \(deviceCode.secret)")
            if let failure = state.pollFailure {
                state.pollFailure = nil
                throw failure
            }
            return state.answers.isEmpty ? .pending : state.answers.removeFirst()
        }
    }
}

/// A wall clock moved by hand, for anything that reads a `now: () -> Date`.
public final class ManualDate: Sendable {
    private let date: Mutex<Date>

    public init(_ start: Date = Date(timeIntervalSince1970: 1_800_000_000)) {
        date = Mutex(start)
    }

    public var now: Date { date.withLock { $0 } }
    public var reader: @Sendable () -> Date { { self.now } }

    public func advance(seconds: TimeInterval) {
        date.withLock { $0 += seconds }
    }
}
