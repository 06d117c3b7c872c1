import Foundation

/// The strings of one language. Keys are dotted paths into the JSON files of
/// `Catalogues/<language>/<namespace>.json`, e.g. `cars.field.manufacturer`.
public struct Catalogue: Sendable {
    public let language: Language
    public let strings: [String: String]
    /// The phrases cut into templates so far, shared by this catalogue's copies (`template(_:)`).
    let cut = CutTemplates()

    public init(language: Language, strings: [String: String]) {
        self.language = language
        self.strings = strings
    }

    /// What `making` derives from this catalogue's phrases alone (the offline bar's markup), made
    /// once under `key` and shared by this catalogue's copies. `making` must read nothing else.
    public func derived(_ key: String, making: () -> [UInt8]) -> [UInt8] {
        cut.derived(key, making: making)
    }

    /// The text for `key`, with `{name}` placeholders replaced by `arguments`.
    /// A missing key shows itself, so a gap is visible rather than blank.
    public func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
        let template = strings[key] ?? key
        return arguments.isEmpty ? template : Self.fill(template, arguments)
    }

    /// `template` with each `{name}` that `arguments` holds replaced, in one pass: a value is never
    /// searched for placeholders itself, and an unknown `{name}` stays as written.
    ///
    /// Pages call this hundreds of times (four times per habit card), so it works on UTF-8 offsets:
    /// names are compared with the (one or two) arguments without hashing, and the result is
    /// reserved once and assembled from slices of strings that are valid UTF-8 already, so
    /// nothing is validated again.
    static func fill(_ template: String, _ arguments: [String: String]) -> String {
        let original = template
        var template = template
        let filled: String? = template.withUTF8 { source in
            var length = 0
            var replaced = false
            scan(source, arguments) { literal, value in
                length += literal.count + (value?.utf8.count ?? 0)
                if value != nil { replaced = true }
            }
            guard replaced else { return nil }
            // Literal runs start and end beside ASCII braces, so their offsets are scalar boundaries.
            let utf8 = original.utf8
            var result = ""
            result.reserveCapacity(length)
            scan(source, arguments) { literal, value in
                let start = utf8.index(utf8.startIndex, offsetBy: literal.startIndex)
                result.append(contentsOf: original[start..<utf8.index(start, offsetBy: literal.count)])
                if let value { result.append(value) }
            }
            return result
        }
        return filled ?? original
    }

    /// Walks `source` as literal runs, each followed by the value of the placeholder after it
    /// (nil after the last run).
    private static func scan(_ source: UnsafeBufferPointer<UInt8>, _ arguments: [String: String],
                             _ visit: (Slice<UnsafeBufferPointer<UInt8>>, String?) -> Void) {
        var literalStart = 0
        var index = 0
        while index < source.count {
            if source[index] == UInt8(ascii: "{"),
               let close = source[(index + 1)...].firstIndex(of: UInt8(ascii: "}")),
               let value = argument(named: UnsafeBufferPointer(rebasing: source[(index + 1)..<close]), in: arguments) {
                visit(source[literalStart..<index], value)
                index = close + 1
                literalStart = index
            } else {
                index += 1
            }
        }
        visit(source[literalStart..<source.count], nil)
    }

    private static func argument(named name: UnsafeBufferPointer<UInt8>, in arguments: [String: String]) -> String? {
        if arguments.count > 4 { return arguments[String(decoding: name, as: UTF8.self)] }
        for (key, value) in arguments where key.utf8.elementsEqual(name) { return value }
        return nil
    }

    /// A counted phrase: looks up `key.one|few|many|other` by the language's plural rules
    /// and fills `{count}` with the number grouped as the language writes it ("12,345",
    /// "12 345"), unless `arguments` gives `{count}` a text of its own.
    public func plural(_ key: String, count: Int, _ arguments: [String: String] = [:]) -> String {
        let category = language.pluralCategory(count)
        let chosen = strings["\(key).\(category.rawValue)"] != nil ? "\(key).\(category.rawValue)" : "\(key).other"
        return text(chosen, ["count": language.grouped(count)].merging(arguments) { _, given in given })
    }
}

/// All languages' catalogues.
public struct Catalogues: Sendable {
    public let byLanguage: [Language: Catalogue]

    public init(byLanguage: [Language: Catalogue]) {
        self.byLanguage = byLanguage
    }

    public subscript(language: Language) -> Catalogue {
        byLanguage[language] ?? Catalogue(language: language, strings: [:])
    }

    /// The shell's own strings (`shell.*`). Each app's strings live in its own target, which
    /// adds them to these (`Catalogues.cars`); the server merges every app's. Loading is cheap
    /// (a few KB of JSON) and happens once per process.
    public static let shell: Catalogues = bundled(in: Bundle.module)

    /// The `Catalogues` folder of `bundle` (an app target's resources), or a process that cannot
    /// start: a catalogue that does not load is a build mistake, found at the first page.
    public static func bundled(in bundle: Bundle) -> Catalogues {
        do {
            return try Catalogues.load(from: bundle.bundleURL.appendingPathComponent("Catalogues"))
        } catch {
            fatalError("The bundled string catalogues are unreadable: \(error)")
        }
    }

    /// These strings and `other`'s, per language; `other` wins where both have a key.
    public func merging(_ other: Catalogues) -> Catalogues {
        var byLanguage = self.byLanguage
        for (language, catalogue) in other.byLanguage {
            let merged = (byLanguage[language]?.strings ?? [:]).merging(catalogue.strings) { $1 }
            byLanguage[language] = Catalogue(language: language, strings: merged)
        }
        return Catalogues(byLanguage: byLanguage)
    }

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
