import Foundation
import Localization

/// The `cars` program's own file name and language, worked out from its options and environment.
/// Pure: the environment is passed in. (The data directory is `Storage.DataDirectory`'s rule.)
public enum ConsoleSettings {
    /// The console's own database file inside the data directory (the web server has its own).
    public static let databaseFileName = "cars-console.sqlite"

    /// The language: `option` (`--lang`) when it names one, else the locale environment in POSIX
    /// order (the first set of `LC_ALL`, `LC_MESSAGES`, `LANG`) when it names one, else English.
    public static func language(option: String?, environment: [String: String]) -> Language {
        if let option, let language = Language(tag: option) { return language }
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap { environment[$0] }.first { !$0.isEmpty }
        return locale.flatMap(Language.init(tag:)) ?? .fallback
    }
}
