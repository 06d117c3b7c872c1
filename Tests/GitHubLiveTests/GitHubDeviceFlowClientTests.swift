import Foundation
import GitHub
import GitHubLive
import LoopbackSupport
import TestDoubles
import Testing
import Upstream
import UpstreamHTTP

/// The device flow's production client against the loopback stand-in for github.com (issue 49),
/// and the server's pending flow on top of it, on a clock moved by hand.
@Suite("GitHubDeviceFlowClient against the loopback stand-in")
struct GitHubDeviceFlowClientTests {
    static let oauthToken = "gho_" + String(repeating: "Oc7t", count: 9)

    /// Runs `body` with the device flow's stand-in and a client on it, and an API stand-in that
    /// knows `oauthToken` as octocat's.
    func withDeviceFlow(
        _ body: (GitHubDeviceFlowStandIn, GitHubDeviceFlowClient, GitHubClient) async throws -> Void
    ) async throws {
        let standIn = try await GitHubDeviceFlowStandIn.start()
        let api = try await GitHubStandIn.start(accounts: [Self.oauthToken: octocatAccount()])
        let upstream = UpstreamClient(
            configuration: GitHubDeviceFlowClient.configuration(baseURL: standIn.baseURL, userAgent: testUserAgent), logger: quietLogger)
        let apiUpstream = UpstreamClient(
            configuration: GitHubClient.configuration(baseURL: api.baseURL, userAgent: testUserAgent), logger: quietLogger)
        try await withCleanUp {
            try await body(standIn, GitHubDeviceFlowClient(client: upstream), GitHubClient(client: apiUpstream))
        } cleanUp: {
            try await upstream.shutdown()
            try await apiUpstream.shutdown()
            await standIn.stop()
            await api.stop()
        }
    }

    @Test("POST /login/device/code: a form with client_id and scope, JSON asked for and read")
    func deviceCode() async throws {
        try await withDeviceFlow { standIn, client, _ in
            let authorization = try await client.requestDeviceCode(clientID: GitHubDeviceFlowStandIn.clientID, scope: "repo read:user")
            #expect(authorization.userCode == "WDJB-0001")
            #expect(authorization.deviceCode.secret.count == 40)
            #expect(authorization.verificationURI == standIn.baseURL.appendingPathComponent("login/device"))
            #expect(authorization.expiresIn == 900)
            #expect(authorization.interval == 5)
            let seen = try #require(standIn.seen.last)
            #expect(seen.path == "/login/device/code")
            #expect(seen.accept == "application/json")
            #expect(seen.contentType == "application/x-www-form-urlencoded")
            #expect(seen.form == ["client_id": GitHubDeviceFlowStandIn.clientID, "scope": "repo read:user"])
        }
    }

    @Test("POST /login/oauth/access_token: authorization_pending, slow_down with its interval, then the token")
    func poll() async throws {
        try await withDeviceFlow { standIn, client, _ in
            let clientID = GitHubDeviceFlowStandIn.clientID
            let authorization = try await client.requestDeviceCode(clientID: clientID, scope: "repo")
            #expect(try await client.pollAccessToken(clientID: clientID, deviceCode: authorization.deviceCode) == .pending)
            let seen = try #require(standIn.seen.last)
            #expect(seen.form == [
                "client_id": clientID, "device_code": authorization.deviceCode.secret,
                "grant_type": "urn:ietf:params:oauth:grant-type:device_code",
            ])
            standIn.slowDown(times: 1)
            #expect(try await client.pollAccessToken(clientID: clientID, deviceCode: authorization.deviceCode) == .slowDown(interval: 10))
            standIn.authorize(authorization.userCode, token: Self.oauthToken)
            #expect(try await client.pollAccessToken(clientID: clientID, deviceCode: authorization.deviceCode)
                == .granted(DeviceFlowSecret(Self.oauthToken)))
        }
    }

    @Test("access_denied, expired_token, incorrect_device_code and unsupported_grant_type end the flow")
    func endings() async throws {
        try await withDeviceFlow { standIn, client, _ in
            let clientID = GitHubDeviceFlowStandIn.clientID
            let denied = try await client.requestDeviceCode(clientID: clientID, scope: "repo")
            standIn.deny(denied.userCode)
            #expect(try await client.pollAccessToken(clientID: clientID, deviceCode: denied.deviceCode) == .ended(.denied))
            let expired = try await client.requestDeviceCode(clientID: clientID, scope: "repo")
            standIn.expire(expired.userCode)
            #expect(try await client.pollAccessToken(clientID: clientID, deviceCode: expired.deviceCode) == .ended(.expired))
            #expect(try await client.pollAccessToken(clientID: clientID, deviceCode: DeviceFlowSecret("nope")) == .ended(.incorrectDeviceCode))
        }
    }

    @Test("a wrong client id and a disabled device flow are refused at the start")
    func refusedStart() async throws {
        try await withDeviceFlow { standIn, client, _ in
            await #expect(throws: DeviceFlowEnd.incorrectClientCredentials) {
                try await client.requestDeviceCode(clientID: "Iv1.unknown", scope: "repo")
            }
            standIn.disable()
            await #expect(throws: DeviceFlowEnd.disabled) {
                try await client.requestDeviceCode(clientID: GitHubDeviceFlowStandIn.clientID, scope: "repo")
            }
        }
    }

    @Test("no connection is a failure, not an ending")
    func offline() async throws {
        let upstream = UpstreamClient(
            configuration: GitHubDeviceFlowClient.configuration(baseURL: URL(string: "http://127.0.0.1:9")!), logger: quietLogger)
        _ = try await withCleanUp {
            await #expect(throws: UpstreamFailure.offline) {
                try await GitHubDeviceFlowClient(client: upstream).requestDeviceCode(clientID: "Iv1.x", scope: "repo")
            }
        } cleanUp: {
            try await upstream.shutdown()
        }
    }

    @Test("the server's flow: never faster than the interval, 5 s more after slow_down, then signed in with GET /user")
    func serverFlow() async throws {
        try await withDeviceFlow { standIn, client, api in
            let clock = ManualDate()
            let signIn = DeviceSignIn(settings: DeviceFlowSettings(api: client, clientID: GitHubDeviceFlowStandIn.clientID), now: clock.reader)
            let storage = InMemoryKeyValueStorage()
            let service = GitHubService(api: api, storage: storage)
            let flow = try await signIn.start(for: "device")
            for _ in 0..<3 { _ = await signIn.check(for: "device", signingInWith: service) }
            #expect(standIn.polls == 0)
            clock.advance(seconds: 5)
            _ = await signIn.check(for: "device", signingInWith: service)
            _ = await signIn.check(for: "device", signingInWith: service)
            #expect(standIn.polls == 1)

            standIn.slowDown(times: 1)
            clock.advance(seconds: 5)
            _ = await signIn.check(for: "device", signingInWith: service)
            #expect(standIn.polls == 2)
            #expect(signIn.flow(for: "device")?.interval == 10)
            clock.advance(seconds: 9)
            _ = await signIn.check(for: "device", signingInWith: service)
            #expect(standIn.polls == 2)

            standIn.authorize(flow.userCode, token: Self.oauthToken)
            clock.advance(seconds: 1)
            #expect(await signIn.check(for: "device", signingInWith: service) == .signedIn)
            #expect(standIn.polls == 3)
            #expect(await storage.values[GitHubService.tokenKey] == Self.oauthToken)
            #expect(try await service.getRepositories().count == 10)
        }
    }
}
