import Synchronization

/// One catalogue string split once into its literal runs and `{placeholders}`, for a phrase a
/// screen fills many times (four per habit card, hundreds of cards): filling it is appending the
/// parts, with no scan of the text and no dictionary of arguments. Fills exactly as
/// `Catalogue.text(_:_:)` does: a value is never searched for placeholders, and a placeholder
/// without a value stays as written.
public struct CatalogueTemplate: Sendable, Hashable {
    enum Part: Sendable, Hashable {
        case literal(String)
        /// The name between the braces.
        case placeholder(String)
    }

    let parts: [Part]
    /// The text's UTF-8 length without its placeholders: what every filling holds at least.
    private let literalLength: Int

    init(_ text: String) {
        var parts: [Part] = []
        var rest = Substring(text)
        var literalStart = rest.startIndex
        while let first = rest.firstIndex(of: "{") {
            guard let close = rest[rest.index(after: first)...].firstIndex(of: "}") else { break }
            // A name holds no brace: in `{a{b}` the placeholder is `{b}`, as `Catalogue.text` reads it.
            let open = text[first..<close].lastIndex(of: "{") ?? first
            let literal = text[literalStart..<open]
            if !literal.isEmpty { parts.append(.literal(String(literal))) }
            parts.append(.placeholder(String(text[text.index(after: open)..<close])))
            literalStart = text.index(after: close)
            rest = text[literalStart...]
        }
        if literalStart < text.endIndex { parts.append(.literal(String(text[literalStart...]))) }
        self.parts = parts
        literalLength = parts.reduce(0) { length, part in
            if case .literal(let text) = part { length + text.utf8.count } else { length }
        }
    }

    /// The text with `{name}` replaced by `value`.
    public func text(_ name: String, _ value: String) -> String {
        var result = ""
        result.reserveCapacity(literalLength + value.utf8.count)
        for part in parts {
            switch part {
            case .literal(let text): result.append(text)
            case .placeholder(let placeholder): result.append(placeholder == name ? value : "{\(placeholder)}")
            }
        }
        return result
    }

    /// The text with each placeholder replaced by what `value` gives for its name; one it gives
    /// nothing for stays as written.
    public func text(_ value: (_ name: String) -> String?) -> String {
        var result = ""
        result.reserveCapacity(literalLength + 16)
        for part in parts {
            switch part {
            case .literal(let text): result.append(text)
            case .placeholder(let placeholder): result.append(value(placeholder) ?? "{\(placeholder)}")
            }
        }
        return result
    }

    /// The text with `{name}` replaced, in pieces, for a writer that writes the value itself (a page
    /// writing 200 rows builds no string per row): `literal` for each run of text (an unknown
    /// placeholder as `{name}`), `value` where `{name}` stands.
    public func forEachPiece(filling name: String, _ piece: (_ literal: String?) -> Void) {
        for part in parts {
            switch part {
            case .literal(let text): piece(text)
            case .placeholder(let placeholder): piece(placeholder == name ? nil : "{\(placeholder)}")
            }
        }
    }
}

extension Catalogue {
    /// The string for `key` as a template to fill many times; a missing key shows itself. Cut once
    /// per catalogue: a page asks for the same phrases on every request.
    public func template(_ key: String) -> CatalogueTemplate {
        cut.template(key) { CatalogueTemplate(strings[key] ?? key) }
    }
}

/// A catalogue's phrases cut into templates, kept for every request that shows them. Keys come
/// from code, not from requests; past `capacity` a template is cut and not kept all the same.
final class CutTemplates: Sendable {
    private static let capacity = 4_096
    private let templates = Mutex<[String: CatalogueTemplate]>([:])
    private let plurals = Mutex<[String: PluralTemplate]>([:])
    private let derived = Mutex<[String: [UInt8]]>([:])

    func template(_ key: String, cutting: () -> CatalogueTemplate) -> CatalogueTemplate {
        Self.kept(key, in: templates, making: cutting)
    }

    func plural(_ key: String, cutting: () -> PluralTemplate) -> PluralTemplate {
        Self.kept(key, in: plurals, making: cutting)
    }

    func derived(_ key: String, making: () -> [UInt8]) -> [UInt8] {
        Self.kept(key, in: derived, making: making)
    }

    private static func kept<Value: Sendable>(_ key: String, in store: borrowing Mutex<[String: Value]>, making: () -> Value) -> Value {
        if let known = store.withLock({ $0[key] }) { return known }
        let made = making()
        store.withLock { if $0.count < capacity { $0[key] = made } }
        return made
    }
}

/// A counted phrase (`key.one|few|many|other`) as templates, for a screen that counts per row:
/// fills exactly as `Catalogue.plural(_:count:)` does, `{count}` grouped as the language writes it.
public struct PluralTemplate: Sendable, Hashable {
    let language: Language
    let templates: [PluralCategory: CatalogueTemplate]
    let other: CatalogueTemplate

    public func text(count: Int) -> String {
        (templates[language.pluralCategory(count)] ?? other).text("count", language.grouped(count))
    }
}

extension Catalogue {
    /// The counted phrase `key` as templates; a missing `other` shows the key.
    public func pluralTemplate(_ key: String) -> PluralTemplate {
        cut.plural(key) { cutPlural(key) }
    }

    private func cutPlural(_ key: String) -> PluralTemplate {
        var templates: [PluralCategory: CatalogueTemplate] = [:]
        for category in PluralCategory.allCases {
            if let text = strings["\(key).\(category.rawValue)"] { templates[category] = CatalogueTemplate(text) }
        }
        return PluralTemplate(language: language, templates: templates, other: template("\(key).other"))
    }
}
