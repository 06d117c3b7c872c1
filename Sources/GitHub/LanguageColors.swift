/// The colour GitHub draws beside a repository's language (GH-2), from GitHub linguist's
/// `languages.yml`, for the languages most repositories are written in; any other language gets
/// a neutral grey. Colours are CSS hex, lower-case `#rrggbb`.
public enum LanguageColors {
    /// For a language GitHub gave no colour, or one this table does not hold.
    public static let neutral = "#8b949e"

    /// The colour of `language` (matched without regard to case); `neutral` for others.
    public static func color(for language: String) -> String {
        byLowercasedName[language.lowercased()] ?? neutral
    }

    /// Whether the table holds `language`.
    public static func isKnown(_ language: String) -> Bool {
        byLowercasedName[language.lowercased()] != nil
    }

    /// Linguist's names and colours.
    public static let table: [String: String] = [
        "Assembly": "#6e4c13",
        "Batchfile": "#c1f12e",
        "C": "#555555",
        "C#": "#178600",
        "C++": "#f34b7d",
        "Clojure": "#db5855",
        "CMake": "#da3434",
        "CSS": "#663399",
        "Dart": "#00b4ab",
        "Dockerfile": "#384d54",
        "Elixir": "#6e4a7e",
        "Elm": "#60b5cc",
        "Emacs Lisp": "#c065db",
        "Erlang": "#b83998",
        "F#": "#b845fc",
        "Fortran": "#4d41b1",
        "Go": "#00add8",
        "Groovy": "#4298b8",
        "Haskell": "#5e5086",
        "HCL": "#844fba",
        "HTML": "#e34c26",
        "Java": "#b07219",
        "JavaScript": "#f1e05a",
        "Julia": "#a270ba",
        "Jupyter Notebook": "#da5b0b",
        "Kotlin": "#a97bff",
        "Lua": "#000080",
        "Makefile": "#427819",
        "MATLAB": "#e16737",
        "Nix": "#7e7eff",
        "Objective-C": "#438eff",
        "Objective-C++": "#6866fb",
        "OCaml": "#ef7a08",
        "Perl": "#0298c3",
        "PHP": "#4f5d95",
        "PowerShell": "#012456",
        "Python": "#3572a5",
        "R": "#198ce7",
        "Ruby": "#701516",
        "Rust": "#dea584",
        "Scala": "#c22d40",
        "SCSS": "#c6538c",
        "Shell": "#89e051",
        "Solidity": "#aa6746",
        "Svelte": "#ff3e00",
        "Swift": "#f05138",
        "TeX": "#3d6117",
        "TypeScript": "#3178c6",
        "Vim Script": "#199f4b",
        "Vue": "#41b883",
        "Zig": "#ec915c",
    ]

    private static let byLowercasedName: [String: String] = Dictionary(
        uniqueKeysWithValues: table.map { ($0.key.lowercased(), $0.value) })
}
