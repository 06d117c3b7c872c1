import Foundation
import HTTPConnections
import Logging
import PostgresStorage
import Storage
import WebShell

/// The resolved options, validated before anything starts: the one place the server's settings
/// are read, from the command line's options and, for those not given, the environment.
public struct ServerSettings: Sendable {
    /// `APPDECK_PUSH_SUBJECT`'s default: the contact a push service is given in VAPID's `sub`.
    public static let defaultPushSubject = "mailto:appdeck@example.com"

    public let host: String
    public let port: Int
    /// The metrics listener's address; no port: no metrics kept or served.
    public let metricsHost: String
    public let metricsPort: Int?
    public let dataDirectory: URL
    public let keys: KeyDirectory
    /// PostgreSQL, or nil for SQLite in the data directory.
    public let databaseURL: PostgresURL?
    public let databasePoolSize: Int
    public let trustedProxies: Set<String>
    /// How fast an owner and a client address may write (issue 34).
    public let writeRates: WriteRates
    public let logLevel: Logger.Level
    public let limits: ConnectionLimits
    /// Each outside service's base URL, by its option's name, when given (else its default).
    public let upstreamURLs: [String: URL]
    /// `--readme-image-private-hosts`, lowercased: `name` or `name:port` entries.
    public let readmeImagePrivateHosts: [String]
    /// `--github-client-id`: the OAuth app GitHub's device flow signs people in as (issue 49);
    /// nil offers the token field alone.
    public let githubClientID: String?
    /// `APPDECK_PUSH_SUBJECT`: the `mailto:` or `https:` contact MyHabits' reminders give push
    /// services (VAPID's `sub`, issue 38); checked when the reminders' sender is made.
    public let pushSubject: String

    /// `environment` supplies `APPDECK_DATA_DIR` (and `XDG_DATA_HOME`) when `dataDir` is not
    /// given, `APPDECK_PUSH_SUBJECT`, and each outside service's variable (`APPDECK_PHOTOS_API_URL`),
    /// which `upstreams` (the command line's, by option name) overrides.
    public init(
        host: String?, port: Int?, metricsHost: String? = nil, metricsPort: Int? = nil, dataDir: String?, keyDir: String? = nil, databaseURL: String? = nil, databasePoolSize: Int? = nil,
        trustedProxies: String? = nil, writeRatePerOwner: String? = nil, writeRatePerAddress: String? = nil, logLevel: String?,
        headerTimeout: Double? = nil, idleTimeout: Double? = nil, minBodyRate: Int? = nil,
        upstreams: [String: String] = [:], readmeImagePrivateHosts: String? = nil, githubClientID: String? = nil,
        environment: [String: String] = [:]
    ) throws {
        self.host = host ?? "127.0.0.1"
        self.port = port ?? 8080
        guard (0...65535).contains(self.port) else {
            throw InvalidSetting("The port must be from 0 to 65535, not \(self.port).")
        }
        self.metricsHost = metricsHost.flatMap { $0.isEmpty ? nil : $0 } ?? "127.0.0.1"
        if let metricsPort {
            guard (0...65535).contains(metricsPort) else {
                throw InvalidSetting("--metrics-port (APPDECK_METRICS_PORT) must be a port from 0 to 65535.")
            }
            guard metricsPort == 0 || metricsPort != self.port else {
                throw InvalidSetting("--metrics-port must differ from --port: metrics are never served on the public port.")
            }
        }
        self.metricsPort = metricsPort
        dataDirectory = DataDirectory.resolve(option: dataDir, environment: environment)
        self.trustedProxies = Set((trustedProxies ?? "").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
        writeRates = WriteRates(
            perOwner: try Self.writeRate(writeRatePerOwner, option: "--write-rate-per-owner", standard: WriteRates.standard.perOwner),
            perAddress: try Self.writeRate(writeRatePerAddress, option: "--write-rate-per-address", standard: WriteRates.standard.perAddress))
        if let databaseURL {
            do {
                self.databaseURL = try PostgresURL(databaseURL)
            } catch {
                throw InvalidSetting(error.description)  // never the text itself: it holds the password
            }
            // Servers sharing a database share keys made once: one that made its own would disagree.
            guard let keyDir else {
                throw InvalidSetting("With a database URL, name the keys' folder with --key-dir (made once by `appdeck keys init --key-dir DIR`).")
            }
            keys = KeyDirectory(url: URL(fileURLWithPath: keyDir), createsMissingKeys: false)
        } else {
            self.databaseURL = nil
            // On its own data directory a server makes missing keys, as it always has.
            keys = keyDir.map { KeyDirectory(url: URL(fileURLWithPath: $0), createsMissingKeys: true) } ?? .embedded(in: dataDirectory)
        }
        let poolSize = databasePoolSize ?? 10
        guard (1...500).contains(poolSize) else { throw InvalidSetting("--database-pool-size must be from 1 to 500.") }
        self.databasePoolSize = poolSize
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw InvalidSetting("Unknown log level '\(logLevel)'. Use trace, debug, info, notice, warning, error or critical.")
            }
            self.logLevel = level
        } else {
            self.logLevel = .info
        }
        var limits = ConnectionLimits()
        if let headerTimeout { limits.headerTimeout = try Self.seconds(headerTimeout, option: "--header-timeout") }
        if let idleTimeout { limits.idleTimeout = try Self.seconds(idleTimeout, option: "--idle-timeout") }
        if let minBodyRate {
            guard minBodyRate > 0 else { throw InvalidSetting("--min-body-rate must be a positive number of bytes per second.") }
            limits.minimumBodyRate = minBodyRate
        }
        self.limits = limits
        var given: [String: String] = [:]
        for upstream in Deck.upstreams {
            if let text = environment[upstream.variable], !text.isEmpty { given[upstream.option] = text }
        }
        given.merge(upstreams) { _, option in option }
        var upstreamURLs: [String: URL] = [:]
        for (name, text) in given {
            guard let upstream = Deck.upstreams.first(where: { $0.option == name }) else {
                let known = Deck.upstreams.map(\.option).joined(separator: ", ")
                throw InvalidSetting("No outside service is called \(name); the services are \(known).")
            }
            upstreamURLs[name] = try Self.baseURL(text, of: upstream)
        }
        self.upstreamURLs = upstreamURLs
        self.readmeImagePrivateHosts = try Self.hosts(readmeImagePrivateHosts, option: "--readme-image-private-hosts")
        self.githubClientID = try Self.clientID(githubClientID)
        pushSubject = environment["APPDECK_PUSH_SUBJECT"] ?? Self.defaultPushSubject
    }

    /// `a.test, 127.0.0.1:8081, [::1]:9000` → each entry lowercased; an entry with a scheme, a
    /// path or a character no host has is refused.
    static func hosts(_ text: String?, option: String) throws -> [String] {
        guard let text else { return [] }
        return try text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
            .map { entry in
                guard entry.count <= 300, entry.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-.:[]".contains($0)) }) else {
                    throw InvalidSetting("\(option) takes host names or name:port, comma-separated, not '\(entry)'.")
                }
                return entry
            }
    }

    /// An OAuth app's client id (`Iv1.0123456789abcdef`, `Ov23li…`): letters, digits, `.`, `_`,
    /// `-`, at most 100; empty is none.
    static func clientID(_ text: String?) throws -> String? {
        guard let text = text?.trimmingCharacters(in: .whitespaces), !text.isEmpty else { return nil }
        guard text.count <= 100, text.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }) else {
            throw InvalidSetting("--github-client-id (APPDECK_GITHUB_CLIENT_ID) takes an OAuth app's client ID: letters, digits, '.', '_' and '-'.")
        }
        return text
    }

    /// `BURST/PER_SECOND` or `off` (nil); the standard rate when not given.
    static func writeRate(_ text: String?, option: String, standard: WriteRate?) throws -> WriteRate? {
        guard let text, !text.isEmpty else { return standard }
        if text.lowercased() == "off" { return nil }
        guard let rate = WriteRate(text) else {
            throw InvalidSetting("\(option) takes BURST/PER_SECOND (a burst from 1 to 1000000, a positive rate, e.g. 200/1) or off, not '\(text)'.")
        }
        return rate
    }

    /// An upstream service's base URL: http or https with a host.
    private static func baseURL(_ text: String, of upstream: UpstreamOption) throws -> URL {
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil else {
            throw InvalidSetting("--\(upstream.option) must be an http or https URL, not '\(text)'.")
        }
        return url
    }

    private static func seconds(_ value: Double, option: String) throws -> Duration {
        guard value > 0, value <= 3600 else { throw InvalidSetting("\(option) must be more than 0 and at most 3600 seconds.") }
        return .milliseconds(Int64(value * 1000))
    }
}


/// A setting the server cannot start with, and why, in words an operator acts on.
public struct InvalidSetting: Error, CustomStringConvertible {
    public let description: String

    init(_ description: String) {
        self.description = description
    }
}
