import Foundation
import GitHub
import Localization
import TestDoubles
import Testing
import Upstream

/// GitHub's device flow as pure state (issue 49): the interval, `slow_down`, expiry and the
/// answers that end it, on a clock moved by hand.
@Suite("Device flow state")
struct DeviceFlowTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func flow(interval: Int = 5, expiresIn: Int = 900) -> DeviceFlow {
        DeviceFlow(
            DeviceAuthorization(
                deviceCode: DeviceFlowSecret("3584d83530557fdd1f46af8289938c8ef79f9dc5"), userCode: "WDJB-MJHT",
                verificationURI: URL(string: "https://github.com/login/device")!, expiresIn: expiresIn, interval: interval),
            startedAt: start)
    }

    func at(_ seconds: TimeInterval) -> Date { start.addingTimeInterval(seconds) }

    @Test("the first poll waits a whole interval, and one poll at a time")
    func firstPoll() {
        var flow = flow()
        let began1 = flow.beginPoll(at: at(0))
        #expect(!began1)
        let began2 = flow.beginPoll(at: at(4.9))
        #expect(!began2)
        let began3 = flow.beginPoll(at: at(5))
        #expect(began3)
        let began4 = flow.beginPoll(at: at(60))
        #expect(!began4, "a poll is in flight")
        #expect(flow.polls == 1)
    }

    @Test("authorization_pending: the next poll a whole interval after the answer")
    func pending() {
        var flow = flow()
        let began5 = flow.beginPoll(at: at(5))
        #expect(began5)
        flow.record(.pending, at: at(6))
        #expect(flow.state == .waiting)
        #expect(!flow.mayPoll(at: at(10.9)))
        #expect(flow.mayPoll(at: at(11)))
        #expect(flow.secondsUntilNextPoll(at: at(8)) == 3)
    }

    @Test("slow_down adds 5 seconds, each time")
    func slowDown() {
        var flow = flow()
        let began6 = flow.beginPoll(at: at(5))
        #expect(began6)
        flow.record(.slowDown(interval: nil), at: at(5))
        #expect(flow.interval == 10)
        #expect(!flow.mayPoll(at: at(14.9)))
        let began7 = flow.beginPoll(at: at(15))
        #expect(began7)
        flow.record(.slowDown(interval: nil), at: at(15))
        #expect(flow.interval == 15)
        #expect(!flow.mayPoll(at: at(29)))
        #expect(flow.mayPoll(at: at(30)))
    }

    @Test("slow_down's own interval is taken when it is longer, never a shorter one")
    func slowDownWithInterval() {
        var longer = flow()
        let began8 = longer.beginPoll(at: at(5))
        #expect(began8)
        longer.record(.slowDown(interval: 30), at: at(5))
        #expect(longer.interval == 30)
        var shorter = flow()
        let began9 = shorter.beginPoll(at: at(5))
        #expect(began9)
        shorter.record(.slowDown(interval: 2), at: at(5))
        #expect(shorter.interval == 10)
    }

    @Test("an interval of 0 or less is GitHub's default 5 seconds")
    func noInterval() {
        #expect(flow(interval: 0).interval == DeviceFlow.defaultInterval)
    }

    @Test("the code expires on our clock without asking GitHub")
    func expiresOnOurClock() {
        var flow = flow(expiresIn: 60)
        #expect(flow.secondsLeft(at: at(0)) == 60)
        let began10 = flow.beginPoll(at: at(60))
        #expect(!began10)
        #expect(flow.state == .ended(.expired))
        #expect(flow.polls == 0)
    }

    @Test("expired_token, access_denied, device_flow_disabled end the flow; later answers change nothing",
          arguments: [DeviceFlowEnd.expired, .denied, .disabled, .incorrectClientCredentials, .unsupportedGrantType, .incorrectDeviceCode])
    func ends(end: DeviceFlowEnd) {
        var flow = flow()
        let began11 = flow.beginPoll(at: at(5))
        #expect(began11)
        flow.record(.ended(end), at: at(5))
        #expect(flow.state == .ended(end))
        let began12 = flow.beginPoll(at: at(100))
        #expect(!began12)
        flow.record(.granted(DeviceFlowSecret("gho_x")), at: at(100))
        #expect(flow.state == .ended(end))
    }

    @Test("a granted token authorizes the flow")
    func granted() {
        var flow = flow()
        let began13 = flow.beginPoll(at: at(5))
        #expect(began13)
        flow.record(.granted(DeviceFlowSecret(FakeDeviceFlow.grantedToken)), at: at(5))
        #expect(flow.state == .authorized(DeviceFlowSecret(FakeDeviceFlow.grantedToken)))
    }

    @Test("a failed poll keeps waiting, says why, and tries again after the interval")
    func problem() {
        var flow = flow()
        let began14 = flow.beginPoll(at: at(5))
        #expect(began14)
        flow.recordProblem(.offline, at: at(5))
        #expect(flow.state == .waiting)
        #expect(flow.problem == .offline)
        #expect(!flow.mayPoll(at: at(9)))
        let began15 = flow.beginPoll(at: at(10))
        #expect(began15)
        flow.record(.pending, at: at(10))
        #expect(flow.problem == nil)
    }

    @Test("GitHub's documented error codes")
    func codes() {
        #expect(DeviceFlowEnd(code: "expired_token") == .expired)
        #expect(DeviceFlowEnd(code: "access_denied") == .denied)
        #expect(DeviceFlowEnd(code: "device_flow_disabled") == .disabled)
        #expect(DeviceFlowEnd(code: "incorrect_client_credentials") == .incorrectClientCredentials)
        #expect(DeviceFlowEnd(code: "unsupported_grant_type") == .unsupportedGrantType)
        #expect(DeviceFlowEnd(code: "incorrect_device_code") == .incorrectDeviceCode)
        #expect(DeviceFlowEnd(code: "authorization_pending") == nil)
        #expect(DeviceFlowEnd(code: "slow_down") == nil)
        #expect(DeviceFlowEnd(code: "something_new") == .unrecognised)
    }

    @Test("the device code and the token never print themselves")
    func redacted() {
        let secret = DeviceFlowSecret("3584d83530557fdd1f46af8289938c8ef79f9dc5")
        var dumped = ""
        dump(flow(), to: &dumped)
        #expect(!"\(secret)".contains("3584"))
        #expect(!String(reflecting: secret).contains("3584"))
        #expect(!dumped.contains("3584"))
    }
}

@Suite("Device sign-in (the server's pending flows)")
struct DeviceSignInTests {
    func signIn(_ fake: FakeDeviceFlow, clock: ManualDate) -> DeviceSignIn {
        DeviceSignIn(settings: fake.settings, now: clock.reader)
    }

    func service(_ storage: InMemoryKeyValueStorage) -> GitHubService {
        let github = FakeGitHub.octo()
        github.update {
            $0.users[FakeDeviceFlow.grantedToken] = GitHubUser(login: "octo", id: 1, name: "Octo", htmlURL: URL(string: "https://github.com/octo")!)
        }
        return GitHubService(api: github, storage: storage)
    }

    @Test("asks for repo and read:user; GitHub is never polled faster than the interval, however often a browser asks")
    func interval() async throws {
        let fake = FakeDeviceFlow()
        let clock = ManualDate()
        let signIn = signIn(fake, clock: clock)
        let storage = InMemoryKeyValueStorage()
        try await signIn.start(for: "device-1")
        #expect(fake.scopes == ["repo read:user"])
        for _ in 0..<5 { _ = await signIn.check(for: "device-1", signingInWith: service(storage)) }
        #expect(fake.polls == 0)
        clock.advance(seconds: 5)
        async let first = signIn.check(for: "device-1", signingInWith: service(storage))
        async let second = signIn.check(for: "device-1", signingInWith: service(storage))
        _ = await (first, second)
        #expect(fake.polls == 1)
        clock.advance(seconds: 4)
        _ = await signIn.check(for: "device-1", signingInWith: service(storage))
        #expect(fake.polls == 1)
        clock.advance(seconds: 1)
        _ = await signIn.check(for: "device-1", signingInWith: service(storage))
        #expect(fake.polls == 2)
        #expect(fake.polledWith.allSatisfy { $0 == "\(FakeDeviceFlow.clientID) 3584d83530557fdd1f46af8289938c8ef79f9dc5" })
    }

    @Test("slow_down: 5 more seconds before the next poll")
    func slowDown() async throws {
        let fake = FakeDeviceFlow { $0.answers = [.slowDown(interval: nil)] }
        let clock = ManualDate()
        let signIn = signIn(fake, clock: clock)
        try await signIn.start(for: "d")
        clock.advance(seconds: 5)
        guard case .waiting(let flow) = await signIn.check(for: "d", signingInWith: service(InMemoryKeyValueStorage())) else {
            Issue.record("not waiting")
            return
        }
        #expect(flow.interval == 10)
        clock.advance(seconds: 9)
        _ = await signIn.check(for: "d", signingInWith: service(InMemoryKeyValueStorage()))
        #expect(fake.polls == 1)
        clock.advance(seconds: 1)
        _ = await signIn.check(for: "d", signingInWith: service(InMemoryKeyValueStorage()))
        #expect(fake.polls == 2)
    }

    @Test("a granted token is checked with GET /user and stored as a pasted one is; the flow is forgotten")
    func granted() async throws {
        let fake = FakeDeviceFlow { $0.answers = [.granted(DeviceFlowSecret(FakeDeviceFlow.grantedToken))] }
        let clock = ManualDate()
        let signIn = signIn(fake, clock: clock)
        let storage = InMemoryKeyValueStorage()
        try await signIn.start(for: "d")
        clock.advance(seconds: 5)
        #expect(await signIn.check(for: "d", signingInWith: service(storage)) == .signedIn)
        #expect(await storage.values[GitHubService.tokenKey] == FakeDeviceFlow.grantedToken)
        #expect(signIn.flow(for: "d") == nil)
    }

    @Test("a token GitHub then refuses ends the flow with why, and stores nothing")
    func refusedToken() async throws {
        let refused = "gho_" + String(repeating: "N0pe", count: 9)
        let fake = FakeDeviceFlow { $0.answers = [.granted(DeviceFlowSecret(refused))] }
        let clock = ManualDate()
        let signIn = signIn(fake, clock: clock)
        let storage = InMemoryKeyValueStorage()
        try await signIn.start(for: "d")
        clock.advance(seconds: 5)
        guard case .ended(let flow) = await signIn.check(for: "d", signingInWith: service(storage)) else {
            Issue.record("not ended")
            return
        }
        #expect(flow.state == .ended(.signInFailed(.badCredentials)))
        #expect(await storage.values.isEmpty)
    }

    @Test("a start GitHub refuses throws why; one it cannot be asked throws the failure")
    func startFailures() async throws {
        let fake = FakeDeviceFlow { $0.startFailure = DeviceFlowEnd.disabled }
        let signIn = signIn(fake, clock: ManualDate())
        await #expect(throws: DeviceFlowEnd.disabled) { try await signIn.start(for: "d") }
        fake.update { $0.startFailure = UpstreamFailure.offline }
        await #expect(throws: GitHubFailure.offline) { try await signIn.start(for: "d") }
        #expect(signIn.flow(for: "d") == nil)
    }

    @Test("each device has its own flow; a new start replaces the old one")
    func perDevice() async throws {
        let fake = FakeDeviceFlow()
        let signIn = signIn(fake, clock: ManualDate())
        try await signIn.start(for: "a")
        fake.update { $0.userCode = "ABCD-EFGH" }
        try await signIn.start(for: "b")
        #expect(signIn.flow(for: "a")?.userCode == "WDJB-MJHT")
        #expect(signIn.flow(for: "b")?.userCode == "ABCD-EFGH")
        try await signIn.start(for: "a")
        #expect(signIn.flow(for: "a")?.userCode == "ABCD-EFGH")
        #expect(signIn.flow(for: "c") == nil)
    }
}

@Suite("Device sign-in screen (en, ru, pl)")
struct DeviceSignInScreenTests {
    let now = Date(timeIntervalSince1970: 1_800_000_000)

    func flow() -> DeviceFlow {
        DeviceFlow(
            DeviceAuthorization(
                deviceCode: DeviceFlowSecret("3584d83530557fdd1f46af8289938c8ef79f9dc5"), userCode: "WDJB-MJHT",
                verificationURI: URL(string: "https://github.com/login/device")!, expiresIn: 900, interval: 5),
            startedAt: now)
    }

    @Test("the code, where to enter it, when it expires; never the device code", arguments: [Language.en, .ru, .pl])
    func waiting(language: Language) throws {
        let catalogue = Catalogues.github[language]
        let screen = DeviceSignInScreen(flow: flow(), catalogue: catalogue, timeZone: .gmt, now: now.addingTimeInterval(61))
        let code = try #require(screen.code)
        #expect(code.userCode == "WDJB-MJHT")
        #expect(code.verificationURI.absoluteString == "https://github.com/login/device")
        #expect(code.linkTitle == catalogue.text("github.device.open", ["address": "github.com/login/device"]))
        #expect(code.expiry == catalogue.plural("github.device.expiresIn", count: 14))
        #expect(code.status == catalogue.text("github.device.waiting"))
        #expect(screen.ending == nil)
        let elsewhere = DeviceFlow(
            DeviceAuthorization(
                deviceCode: DeviceFlowSecret("x"), userCode: "WDJB-MJHT", verificationURI: URL(string: "http://127.0.0.1:8081/login/device")!,
                expiresIn: 900, interval: 5),
            startedAt: now)
        let standIn = DeviceSignInScreen(flow: elsewhere, catalogue: catalogue, timeZone: .gmt, now: now)
        #expect(standIn.code?.linkTitle == catalogue.text("github.device.open", ["address": "127.0.0.1:8081/login/device"]))
        var dumped = ""
        dump(screen, to: &dumped)
        #expect(!dumped.contains("3584d835"))
    }

    @Test("each ending in its own words", arguments: [Language.en, .ru, .pl])
    func endings(language: Language) {
        let catalogue = Catalogues.github[language]
        let ends: [DeviceFlowEnd] = [.expired, .denied, .disabled, .incorrectClientCredentials, .unrecognised]
        let messages = ends.map { DeviceSignInScreen(ending: $0, catalogue: catalogue, timeZone: .gmt, now: now).ending?.message ?? "" }
        #expect(Set(messages).count == ends.count)
        #expect(messages.allSatisfy { !$0.isEmpty && !$0.hasPrefix("github.") })
        let offline = DeviceSignInScreen(failure: .offline, catalogue: catalogue, timeZone: .gmt, now: now)
        #expect(offline.ending?.message == catalogue.text("github.failure.offline"))
        #expect(offline.code == nil)
    }

    @Test("sign-in offers the device flow only with a client id")
    func signInOffer() {
        let catalogue = Catalogues.github[.en]
        #expect(SignInScreen(catalogue: catalogue, timeZone: .gmt, now: now).deviceFlow == nil)
        let offered = SignInScreen(offersDeviceFlow: true, catalogue: catalogue, timeZone: .gmt, now: now)
        #expect(offered.deviceFlow?.buttonTitle == "Sign In with GitHub")
        #expect(offered.fieldLabel == catalogue.text("github.signIn.field"))
    }
}
