/// A language the highlighter knows: a source-highlight language definition, Debian's own (from
/// libsource-highlight-common, in `/usr/share/source-highlight`) or one of ours (this module's
/// `Languages` folder) for the languages issue 49 asks for that Debian's 3.1.9 lacks: Swift,
/// Objective-C, Kotlin, TypeScript, YAML, Markdown, and Dockerfile for the well-known file name.
public struct SourceLanguage: Sendable, Hashable {
    /// How people call it ("Swift", "C++"); for a language found only through source-highlight's
    /// `lang.map`, its definition's name ("lua").
    public let name: String
    /// The definition's file name ("cpp.lang").
    public let definition: String
    /// Whether the definition is ours rather than Debian's.
    public let isBundled: Bool

    public init(name: String, definition: String, isBundled: Bool) {
        self.name = name
        self.definition = definition
        self.isBundled = isBundled
    }
}

extension SourceLanguage {
    // Issue 49's list, Debian's definitions where it has them.
    public static let c = SourceLanguage(name: "C", definition: "c.lang", isBundled: false)
    public static let cPlusPlus = SourceLanguage(name: "C++", definition: "cpp.lang", isBundled: false)
    public static let java = SourceLanguage(name: "Java", definition: "java.lang", isBundled: false)
    public static let javaScript = SourceLanguage(name: "JavaScript", definition: "javascript.lang", isBundled: false)
    public static let python = SourceLanguage(name: "Python", definition: "python.lang", isBundled: false)
    public static let go = SourceLanguage(name: "Go", definition: "go.lang", isBundled: false)
    public static let rust = SourceLanguage(name: "Rust", definition: "rust.lang", isBundled: false)
    public static let ruby = SourceLanguage(name: "Ruby", definition: "ruby.lang", isBundled: false)
    public static let shell = SourceLanguage(name: "Shell", definition: "sh.lang", isBundled: false)
    public static let zsh = SourceLanguage(name: "Zsh", definition: "zsh.lang", isBundled: false)
    public static let json = SourceLanguage(name: "JSON", definition: "json.lang", isBundled: false)
    public static let html = SourceLanguage(name: "HTML", definition: "html.lang", isBundled: false)
    public static let css = SourceLanguage(name: "CSS", definition: "css.lang", isBundled: false)
    public static let sql = SourceLanguage(name: "SQL", definition: "sql.lang", isBundled: false)
    // Well-known neighbours of those.
    public static let makefile = SourceLanguage(name: "Makefile", definition: "makefile.lang", isBundled: false)
    public static let xml = SourceLanguage(name: "XML", definition: "xml.lang", isBundled: false)
    public static let perl = SourceLanguage(name: "Perl", definition: "perl.lang", isBundled: false)
    public static let ini = SourceLanguage(name: "INI", definition: "desktop.lang", isBundled: false)
    public static let diff = SourceLanguage(name: "Diff", definition: "diff.lang", isBundled: false)

    // Ours: Debian's source-highlight 3.1.9 has no definition for these (issue 49: "do not skip a
    // language"); see the comment at the top of each file in `Languages`.
    public static let swift = SourceLanguage(name: "Swift", definition: "swift.lang", isBundled: true)
    public static let objectiveC = SourceLanguage(name: "Objective-C", definition: "objc.lang", isBundled: true)
    public static let kotlin = SourceLanguage(name: "Kotlin", definition: "kotlin.lang", isBundled: true)
    public static let typeScript = SourceLanguage(name: "TypeScript", definition: "typescript.lang", isBundled: true)
    public static let yaml = SourceLanguage(name: "YAML", definition: "yaml.lang", isBundled: true)
    public static let markdown = SourceLanguage(name: "Markdown", definition: "markdown.lang", isBundled: true)
    public static let dockerfile = SourceLanguage(name: "Dockerfile", definition: "dockerfile.lang", isBundled: true)
}
