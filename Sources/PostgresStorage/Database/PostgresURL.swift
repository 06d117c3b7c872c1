import Foundation

/// A PostgreSQL database named by URL (issue 26): `postgres://user:password@host:port/database`,
/// optionally with `?sslmode=disable|prefer|require`. `postgresql://` is accepted too.
///
/// The password is kept but never shown: `description` masks it, and no parse error quotes the
/// text it was given (the text holds the password).
public struct PostgresURL: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// How the connection is protected, as libpq's `sslmode` names it.
    public enum SSLMode: String, Sendable, Hashable, CaseIterable {
        case disable, prefer, require
    }

    public enum Invalid: Error, Sendable, Hashable, CustomStringConvertible {
        case notAURL
        case scheme
        case missingHost
        case missingUser
        case missingDatabase
        case port
        case sslMode(String)
        case unknownParameter(String)

        public var description: String {
            let form = "postgres://user:password@host:port/database[?sslmode=disable|prefer|require]"
            switch self {
            case .notAURL: return "The database URL cannot be read; use \(form)."
            case .scheme: return "The database URL must start with postgres:// or postgresql://."
            case .missingHost: return "The database URL names no host; use \(form)."
            case .missingUser: return "The database URL names no user; use \(form)."
            case .missingDatabase: return "The database URL names no database; use \(form)."
            case .port: return "The database URL's port must be from 1 to 65535."
            case .sslMode(let mode): return "Unknown sslmode '\(mode)' in the database URL; use disable, prefer or require."
            case .unknownParameter(let name): return "Unknown parameter '\(name)' in the database URL; only sslmode is understood."
            }
        }
    }

    public var host: String
    public var port: Int
    public var user: String
    public var database: String
    public var sslMode: SSLMode
    /// Internal so that only this target hands it to the driver.
    let password: String?

    public init(host: String, port: Int = 5432, user: String, password: String?, database: String, sslMode: SSLMode = .prefer) {
        self.host = host
        self.port = port
        self.user = user
        self.password = password
        self.database = database
        self.sslMode = sslMode
    }

    /// Parses `text`; the error never repeats it.
    public init(_ text: String) throws(Invalid) {
        guard let components = URLComponents(string: text) else { throw .notAURL }
        guard let scheme = components.scheme?.lowercased(), ["postgres", "postgresql"].contains(scheme) else { throw .scheme }
        guard let host = components.host, !host.isEmpty else { throw .missingHost }
        guard let user = components.user, !user.isEmpty else { throw .missingUser }
        let port: Int
        if let given = components.port {
            guard (1...65535).contains(given) else { throw .port }
            port = given
        } else {
            port = 5432
        }
        let database = String(components.path.drop(while: { $0 == "/" }))
        guard !database.isEmpty, !database.contains("/") else { throw .missingDatabase }
        var sslMode = SSLMode.prefer
        for item in components.queryItems ?? [] {
            guard item.name == "sslmode" else { throw .unknownParameter(item.name) }
            guard let mode = SSLMode(rawValue: item.value ?? "") else { throw .sslMode(item.value ?? "") }
            sslMode = mode
        }
        self.init(host: host, port: port, user: user, password: components.password, database: database, sslMode: sslMode)
    }

    /// The same server and credentials, another database (tests make one per test).
    public func database(_ name: String) -> PostgresURL {
        var url = self
        url.database = name
        return url
    }

    /// The URL with the password masked: what logs and errors may show.
    public var description: String {
        var components = URLComponents()
        components.scheme = "postgres"
        components.user = user
        if password != nil { components.password = "***" }
        components.host = host
        components.port = port
        components.path = "/" + database
        components.queryItems = [URLQueryItem(name: "sslmode", value: sslMode.rawValue)]
        return components.string ?? "postgres://\(host):\(port)/\(database)"
    }

    public var debugDescription: String { description }

    /// What `dump` and debuggers show: every part but the password.
    public var customMirror: Mirror {
        Mirror(self, children: [
            "host": host, "port": port, "user": user, "database": database, "sslMode": sslMode,
            "password": password == nil ? "none" : "***",
        ])
    }
}
