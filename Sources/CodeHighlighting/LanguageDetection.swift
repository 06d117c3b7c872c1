import CSourceHighlight
import Foundation

extension SourceLanguage {
    /// The language of a file from its name (issue 49): a well-known name first (`Makefile`,
    /// `Dockerfile`, `Package.swift`, `.bashrc`), then its extension through our table, then
    /// through source-highlight's own `lang.map`; nil for text we do not highlight. `name` may be
    /// a path: only its last component counts.
    public static func forFile(named name: String) -> SourceLanguage? {
        let fileName = name.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? name
        if let known = wellKnownNames[fileName] { return known }
        if fileName.hasPrefix("Dockerfile.") || fileName.hasSuffix(".dockerfile") { return .dockerfile }
        guard let dot = fileName.lastIndex(of: ".") else { return nil }
        let fileExtension = String(fileName[fileName.index(after: dot)...])
        guard !fileExtension.isEmpty else { return nil }
        if let known = extensions[fileExtension.lowercased()] { return known }
        return SourceHighlightLanguageMap.shared.language(forExtension: fileExtension)
    }

    /// Names whose extension says nothing, or nothing true.
    static let wellKnownNames: [String: SourceLanguage] = [
        "Makefile": .makefile, "makefile": .makefile, "GNUmakefile": .makefile,
        "Dockerfile": .dockerfile, "Containerfile": .dockerfile,
        "Package.swift": .swift,
        ".bashrc": .shell, ".bash_profile": .shell, ".bash_logout": .shell, ".bash_aliases": .shell, ".profile": .shell,
        ".zshrc": .zsh, ".zprofile": .zsh, ".zshenv": .zsh, ".zlogin": .zsh,
        "Gemfile": .ruby, "Rakefile": .ruby, "Podfile": .ruby, "Fastfile": .ruby, "Appfile": .ruby, "Vagrantfile": .ruby,
        "Brewfile": .ruby, "Dangerfile": .ruby, "Podfile.lock": .yaml,
        ".gitconfig": .ini, ".editorconfig": .ini,
    ]

    /// Extensions, lower-cased, ahead of `lang.map` (which lacks the languages we define, and says
    /// Prolog for `.pl`).
    static let extensions: [String: SourceLanguage] = [
        "swift": .swift,
        "m": .objectiveC, "mm": .objectiveC,
        "c": .c,
        "h": .cPlusPlus, "cc": .cPlusPlus, "cpp": .cPlusPlus, "cxx": .cPlusPlus, "c++": .cPlusPlus,
        "hh": .cPlusPlus, "hpp": .cPlusPlus, "hxx": .cPlusPlus, "h++": .cPlusPlus, "ipp": .cPlusPlus, "inl": .cPlusPlus,
        "kt": .kotlin, "kts": .kotlin,
        "java": .java,
        "js": .javaScript, "mjs": .javaScript, "cjs": .javaScript, "jsx": .javaScript,
        "ts": .typeScript, "tsx": .typeScript, "mts": .typeScript, "cts": .typeScript,
        "py": .python, "pyw": .python, "pyi": .python,
        "go": .go,
        "rs": .rust,
        "rb": .ruby, "rake": .ruby, "gemspec": .ruby, "ru": .ruby, "podspec": .ruby,
        "sh": .shell, "bash": .shell, "ksh": .shell, "command": .shell, "zsh": .zsh,
        "json": .json, "geojson": .json, "webmanifest": .json, "jsonl": .json,
        "yml": .yaml, "yaml": .yaml,
        "md": .markdown, "markdown": .markdown, "mdown": .markdown, "mkd": .markdown,
        "html": .html, "htm": .html, "xhtml": .html,
        "css": .css, "scss": .css, "less": .css,
        "sql": .sql,
        "mk": .makefile, "mak": .makefile,
        "xml": .xml, "plist": .xml, "storyboard": .xml, "xib": .xml, "svg": .xml, "xcscheme": .xml,
        "pl": .perl, "pm": .perl, "t": .perl,
        "ini": .ini, "cfg": .ini,
        "diff": .diff, "patch": .diff,
    ]
}

/// Source-highlight's `lang.map` (extension = definition), read once: the languages beyond ours.
struct SourceHighlightLanguageMap: Sendable {
    static let shared = SourceHighlightLanguageMap(
        contents: (try? String(contentsOfFile: String(cString: csh_data_directory()) + "/lang.map", encoding: .utf8)) ?? "")

    /// Definitions that highlight nothing.
    static let plainDefinitions: Set<String> = ["nohilite.lang"]

    let definitions: [String: String]

    init(contents: String) {
        var definitions: [String: String] = [:]
        for line in contents.split(whereSeparator: \.isNewline) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            guard !trimmed.hasPrefix("#"), let equals = trimmed.firstIndex(of: "=") else { continue }
            let key = trimmed[..<equals].trimmingCharacters(in: .whitespaces)
            let value = trimmed[trimmed.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, value.hasSuffix(".lang"), !Self.plainDefinitions.contains(value) else { continue }
            definitions[key] = value
        }
        self.definitions = definitions
    }

    /// The extension as the map has it (`C` is C++, `c` is C), else lower-cased.
    func language(forExtension fileExtension: String) -> SourceLanguage? {
        guard let definition = definitions[fileExtension] ?? definitions[fileExtension.lowercased()] else { return nil }
        return SourceLanguage(name: String(definition.dropLast(".lang".count)), definition: definition, isBundled: false)
    }
}
