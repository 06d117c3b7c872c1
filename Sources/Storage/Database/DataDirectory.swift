import Foundation

/// Where AppDeck keeps its files; one rule for the server and the console programs.
public enum DataDirectory {
    /// `option` (`--data-dir`), else `$APPDECK_DATA_DIR`, else `$XDG_DATA_HOME/appdeck` (when
    /// absolute, as the XDG spec requires), else `<home>/.local/share/appdeck`. A leading `~/`
    /// is expanded against `homeDirectory`.
    public static func resolve(
        option: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        homeDirectory: URL = FileManager.default.homeDirectoryForCurrentUser
    ) -> URL {
        func nonEmpty(_ value: String?) -> String? {
            guard let value, !value.isEmpty else { return nil }
            return value
        }
        if let path = nonEmpty(option) ?? nonEmpty(environment["APPDECK_DATA_DIR"]) {
            if path == "~" { return homeDirectory }
            if path.hasPrefix("~/") {
                return homeDirectory.appendingPathComponent(String(path.dropFirst(2)), isDirectory: true)
            }
            return URL(fileURLWithPath: path, isDirectory: true)
        }
        if let xdg = nonEmpty(environment["XDG_DATA_HOME"]), xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("appdeck", isDirectory: true)
        }
        return homeDirectory.appendingPathComponent(".local/share/appdeck", isDirectory: true)
    }

    /// Creates the directory (and parents) when missing, private to the user.
    public static func prepare(_ url: URL) throws {
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    }
}
