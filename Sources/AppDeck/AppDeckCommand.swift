import ArgumentParser
import Foundation
import Localization
import Logging
import Storage
import Web

/// `appdeck`: serves every AppDeck app over HTTP until SIGINT/SIGTERM, then finishes in-flight
/// requests, closes the database and exits 0.
@main
struct AppDeckCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "appdeck",
        abstract: "Serve the AppDeck web apps.",
        discussion: "Each option can also be set by the environment variable shown; the option wins.")

    @Option(help: "Address to listen on (APPDECK_HOST).")
    var host: String?

    @Option(help: "Port to listen on; 0 picks a free one (APPDECK_PORT).")
    var port: Int?

    @Option(help: "Directory for the database and keys (APPDECK_DATA_DIR; default $XDG_DATA_HOME/appdeck or ~/.local/share/appdeck).")
    var dataDir: String?

    @Option(help: "trace, debug, info, notice, warning, error or critical (APPDECK_LOG_LEVEL).")
    var logLevel: String?

    func run() async throws {
        let environment = ProcessInfo.processInfo.environment
        let settings = try ServerSettings(
            host: host ?? environment["APPDECK_HOST"],
            port: port ?? environment["APPDECK_PORT"].flatMap(Int.init),
            dataDir: dataDir,
            logLevel: logLevel ?? environment["APPDECK_LOG_LEVEL"])

        LoggingSystem.bootstrap { label in
            var handler = StreamLogHandler.standardError(label: label)
            handler.logLevel = settings.logLevel
            return handler
        }
        let logger = Logger(label: "appdeck")

        try DataDirectory.prepare(settings.dataDirectory)
        let database = try AppDatabase.open(at: settings.dataDirectory.appendingPathComponent("appdeck.sqlite"))
        try await logStartState(database: database, logger: logger)
        let app = try AppDeckServer.makeApplication(
            host: settings.host, port: settings.port, database: database,
            dataDirectory: settings.dataDirectory, logger: logger,
            onServerRunning: { url in
                // Unbuffered, so a supervisor or test reading the pipe sees it at once.
                FileHandle.standardOutput.write(Data("AppDeck is serving \(url)\n".utf8))
            })
        try await app.runService()
        try database.close()
        logger.info("Stopped; database closed.")
    }
}

/// What an operator wants to see at start: the database's state, and any string a language lacks
/// (it would show as its key on a page).
private func logStartState(database: AppDatabase, logger: Logger) async throws {
    let journal = try database.journalMode()
    let migrations = try database.appliedMigrations().count
    let devices = try await database.devices.count()
    logger.info("Database ready", metadata: ["journal": "\(journal)", "migrations": "\(migrations)", "devices": "\(devices)"])
    for (language, keys) in Catalogues.bundled.missingKeys() {
        logger.warning("A catalogue lacks strings", metadata: ["language": "\(language.rawValue)", "keys": "\(keys.sorted())"])
    }
}

/// The resolved options, validated before anything starts.
struct ServerSettings {
    let host: String
    let port: Int
    let dataDirectory: URL
    let logLevel: Logger.Level

    init(host: String?, port: Int?, dataDir: String?, logLevel: String?) throws {
        self.host = host ?? "127.0.0.1"
        self.port = port ?? 8080
        guard (0...65535).contains(self.port) else {
            throw ValidationError("The port must be from 0 to 65535, not \(self.port).")
        }
        dataDirectory = DataDirectory.resolve(option: dataDir)
        if let logLevel {
            guard let level = Logger.Level(rawValue: logLevel.lowercased()) else {
                throw ValidationError("Unknown log level '\(logLevel)'. Use trace, debug, info, notice, warning, error or critical.")
            }
            self.logLevel = level
        } else {
            self.logLevel = .info
        }
    }
}
