import Foundation

/// The strings of one language. Keys are dotted paths into the JSON files of
/// `Catalogues/<language>/<namespace>.json`, e.g. `cars.field.manufacturer`.
public struct Catalogue: Sendable {
    public let language: Language
    public let strings: [String: String]

    public init(language: Language, strings: [String: String]) {
        self.language = language
        self.strings = strings
    }

    /// The text for `key`, with `{name}` placeholders replaced by `arguments`.
    /// A missing key shows itself, so a gap is visible rather than blank.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = strings[key] ?? key
        return arguments.isEmpty ? template : Self.fill(template, arguments)
    }

    /// `template` with each `{name}` that `arguments` holds replaced, in one pass: a value is never
    /// searched for placeholders itself, and an unknown `{name}` stays as written.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        let utf8 = template.utf8
        var result = ""
        result.reserveCapacity(utf8.count + 32)
        var literalStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "{"),
               let close = utf8[index...].firstIndex(of: UInt8(ascii: "}")),
               let value = arguments[String(template[utf8.index(after: index)..<close])] {
                result += template[literalStart..<index]
                result += value
                index = utf8.index(after: close)
                literalStart = index
            } else {
                index = utf8.index(after: index)
            }
        }
        result += template[literalStart...]
        return result
    }

    /// A counted phrase: looks up `key.one|few|many|other` by the language's plural rules
    /// and fills `{count}`.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let category = language.pluralCategory(count)
        let chosen = strings["\(key).\(category.rawValue)"] != nil ? "\(key).\(category.rawValue)" : "\(key).other"
        return text(chosen, arguments.merging(["count": String(count)]) { $1 })
    }
}

/// All languages' catalogues, loaded once from the module's resources.
public struct Catalogues: Sendable {
    public let byLanguage: [Language: Catalogue]

    public subscript(language: Language) -> Catalogue {
        byLanguage[language] ?? Catalogue(language: language, strings: [:])
    }

    /// The bundled catalogues. Loading is cheap (a few KB of JSON) and happens once per process.
    public static let bundled: Catalogues = {
        do {
            return try Catalogues.load(from: Bundle.module.resourceURL!.appendingPathComponent("Catalogues"))
        } catch {
            fatalError("The bundled string catalogues are unreadable: \(error)")
        }
    }()

    /// Loads `<directory>/<language>/<namespace>.json` for every language.
    public static func load(from directory: URL) throws -> Catalogues {
        var byLanguage: [Language: Catalogue] = [:]
        for language in Language.allCases {
            let folder = directory.appendingPathComponent(language.rawValue)
            let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
                .filter { $0.hasSuffix(".json") }.sorted()
            var strings: [String: String] = [:]
            for file in files {
                let namespace = String(file.dropLast(".json".count))
                let data = try Data(contentsOf: folder.appendingPathComponent(file))
                let object = try JSONSerialization.jsonObject(with: data)
                try flatten(object, prefix: namespace, into: &strings, file: "\(language.rawValue)/\(file)")
            }
            byLanguage[language] = Catalogue(language: language, strings: strings)
        }
        return Catalogues(byLanguage: byLanguage)
    }

    public struct MalformedCatalogue: Error, CustomStringConvertible {
        public let file: String
        public let key: String
        public var description: String { "\(file): \(key) is neither a string nor an object" }
    }

    private static func flatten(_ object: Any, prefix: String, into strings: inout [String: String], file: String) throws {
        if let text = object as? String {
            strings[prefix] = text
        } else if let dictionary = object as? [String: Any] {
            for (key, value) in dictionary {
                try flatten(value, prefix: "\(prefix).\(key)", into: &strings, file: file)
            }
        } else {
            throw MalformedCatalogue(file: file, key: prefix)
        }
    }

    /// Keys some language has and another lacks, per language. Empty when the catalogues agree.
    public func missingKeys() -> [Language: Set<String>] {
        let all = byLanguage.values.reduce(into: Set<String>()) { $0.formUnion($1.strings.keys) }
        var missing: [Language: Set<String>] = [:]
        for language in Language.allCases {
            let gap = all.subtracting(self[language].strings.keys)
            if !gap.isEmpty { missing[language] = gap }
        }
        return missing
    }
}
