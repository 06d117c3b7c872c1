import Foundation
import Localization

/// Where the `cars` program keeps its data and which language it speaks, worked out from its
/// options and environment. Pure: the environment and home directory are passed in.
public enum ConsoleSettings {
    /// The console's own database file inside the data directory (the web server has its own).
    public static let databaseFileName = "cars-console.sqlite"

    /// The data directory: `option` (`--data-dir`), else `$APPDECK_DATA_DIR`, else
    /// `$XDG_DATA_HOME/appdeck` (when absolute, as the XDG spec requires), else
    /// `<home>/.local/share/appdeck`. A leading `~/` is expanded against `homeDirectory`.
    public static func dataDirectory(option: String?, environment: [String: String], homeDirectory: URL) -> URL {
        func nonEmpty(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return value
        }
        if let path = nonEmpty(option) ?? nonEmpty(environment["APPDECK_DATA_DIR"]) {
            return url(path, homeDirectory: homeDirectory)
        }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("appdeck", isDirectory: true)
        }
        return homeDirectory
            .appendingPathComponent(".local", isDirectory: true)
            .appendingPathComponent("share", isDirectory: true)
            .appendingPathComponent("appdeck", isDirectory: true)
    }

    /// The language: `option` (`--lang`) when it names one, else the locale environment in POSIX
    /// order (the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`) when it names one, else English.
    public static func language(option: String?, environment: [String: String]) -> Language {
        if let option, let language = Language(tag: option) { return language }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.flatMap(Language.init(tag:)) ?? .fallback
    }

    private static func url(_ path: String, homeDirectory: URL) -> URL {
        if path == "~" { return homeDirectory }
        if path.hasPrefix("~/") {
            return homeDirectory.appendingPathComponent(String(path.dropFirst(2)), isDirectory: true)
        }
        return URL(fileURLWithPath: path, isDirectory: true)
    }
}
