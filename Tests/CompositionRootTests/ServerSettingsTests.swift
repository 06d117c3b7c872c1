import CompositionRoot
import Foundation
import Testing

/// Issue 51: the server's settings are read in one place. What `ServerSettings` is given as the
/// environment is what the server runs with; nothing else reads the process's variables.
@Suite("Server settings")
struct ServerSettingsTests {
    static func settings(dataDir: String? = nil, upstreams: [String: String] = [:], _ environment: [String: String]) throws -> ServerSettings {
        try ServerSettings(host: nil, port: nil, dataDir: dataDir, logLevel: nil, upstreams: upstreams, environment: environment)
    }

    @Test("the data directory: the option, else APPDECK_DATA_DIR")
    func dataDirectory() throws {
        #expect(try Self.settings(["APPDECK_DATA_DIR": "/srv/deck"]).dataDirectory.path == "/srv/deck")
        #expect(try Self.settings(dataDir: "/opt/deck", ["APPDECK_DATA_DIR": "/srv/deck"]).dataDirectory.path == "/opt/deck")
        #expect(try Self.settings(["XDG_DATA_HOME": "/xdg"]).dataDirectory.path == "/xdg/appdeck")
    }

    @Test("the push subject: APPDECK_PUSH_SUBJECT, else the example contact")
    func pushSubject() throws {
        #expect(try Self.settings(["APPDECK_PUSH_SUBJECT": "mailto:ops@deck.example"]).pushSubject == "mailto:ops@deck.example")
        #expect(try Self.settings([:]).pushSubject == "mailto:appdeck@example.com")
    }

    @Test("an outside service: its variable, which the command line's URL overrides; a bad one is refused")
    func upstreams() throws {
        let environment = ["APPDECK_PHOTOS_API_URL": "http://127.0.0.1:9001", "APPDECK_GITHUB_WEB_URL": "http://127.0.0.1:9003"]
        let settings = try Self.settings(upstreams: ["photos-api-url": "http://127.0.0.1:9002"], environment)
        #expect(settings.upstreamURLs["photos-api-url"]?.absoluteString == "http://127.0.0.1:9002")
        #expect(settings.upstreamURLs["github-web-url"]?.absoluteString == "http://127.0.0.1:9003")
        #expect(settings.upstreamURLs["github-api-url"] == nil)
        #expect(throws: InvalidSetting.self) { try Self.settings(["APPDECK_GITHUB_API_URL": "ftp://example.com"]) }
    }
}
