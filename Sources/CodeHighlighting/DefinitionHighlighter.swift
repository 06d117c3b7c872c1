import CSourceHighlight
import Foundation

/// One document's highlighter in source-highlight, through `CSourceHighlight`'s C interface: the
/// language's definition (parsed once per process and shared) and where the last line left off.
/// Made per call and used by one thread; highlighters run in parallel (the C++ side says why that
/// is safe).
final class DefinitionHighlighter {
    private let handle: OpaquePointer

    /// Nil when the definition cannot be loaded (a missing or broken file), with the reason.
    init(language: SourceLanguage) throws(DefinitionFailure) {
        let directory = language.isBundled ? Self.bundledDirectory : String(cString: csh_data_directory())
        var error = [CChar](repeating: 0, count: 512)
        guard let handle = csh_highlighter_create(directory, language.definition, &error, error.count) else {
            throw DefinitionFailure(definition: language.definition, reason: String(decoding: error.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self))
        }
        self.handle = handle
    }

    deinit {
        csh_highlighter_destroy(handle)
    }

    /// The line's classed spans (UTF-8 offsets into `line`, in order), valid until the next call;
    /// nil when the library failed on the line (it starts the language over for the next one).
    func spans(of line: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<csh_span>? {
        var spans: UnsafePointer<csh_span>?
        var count = 0
        let result = line.withMemoryRebound(to: CChar.self) { bytes in
            csh_highlighter_line(handle, bytes.baseAddress, bytes.count, &spans, &count)
        }
        guard Int(result) == CSH_LINE_HIGHLIGHTED else { return nil }
        return UnsafeBufferPointer(start: spans, count: count)
    }

    /// This module's own definitions (see `SourceLanguage`).
    static let bundledDirectory: String = Bundle.module.bundleURL.appendingPathComponent("Languages").path
}

/// A definition that source-highlight could not load.
struct DefinitionFailure: Error {
    let definition: String
    let reason: String
}
