import CMarkGFM
import Synchronization

/// cmark-gfm, the Markdown parser GitHub renders READMEs with (GH-3), with the extensions GitHub
/// enables and footnotes. The tree it builds is read by `ReadmeTreeWriter`; its own HTML renderer
/// is never used.
enum GFMParser {
    static let extensionNames = ["table", "strikethrough", "autolink", "tagfilter", "tasklist"]

    /// Registering is not thread-safe in cmark-gfm; a static `let` runs it once.
    private static let coreExtensionsRegistered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// cmark-gfm keeps the characters its inline extensions react to (`~` for strikethrough, `w`
    /// and `:` for autolinks) in one table for the whole process, which attaching an extension to
    /// a parser fills and freeing a parser empties. Two parses at once therefore lose each other's
    /// extensions (a test with 200 concurrent renders saw `~~2~~` left as it was), so parsing is
    /// one at a time; walking the finished tree is not.
    private static let parsing = Mutex(())

    /// Parses `markdown` and hands the document node to `body`; the tree is freed afterwards.
    static func withDocument<Result>(_ markdown: String, _ body: (OpaquePointer) -> Result) -> Result {
        precondition(coreExtensionsRegistered)
        let document = parsing.withLock { _ in parse(markdown) }
        defer { cmark_node_free(document) }
        return body(document)
    }

    private static func parse(_ markdown: String) -> OpaquePointer {
        let parser = cmark_parser_new(CMARK_OPT_FOOTNOTES)!
        defer { cmark_parser_free(parser) }
        for name in extensionNames {
            if let syntaxExtension = cmark_find_syntax_extension(name) {
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
            }
        }
        var markdown = markdown
        markdown.withUTF8 { bytes in
            bytes.withMemoryRebound(to: CChar.self) { characters in
                if let start = characters.baseAddress, !characters.isEmpty {
                    cmark_parser_feed(parser, start, characters.count)
                }
            }
        }
        return cmark_parser_finish(parser)!
    }
}
