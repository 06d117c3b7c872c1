import Dispatch
import Foundation

/// Syntax highlighting on the server (issue 49), by GNU Source-highlight's language definitions:
/// a file's text in, its lines out, each cut into classed runs (`HighlightedLine`), within
/// `HighlightLimits`.
///
/// Pages call `highlight(_:fileName:)`, which never runs on the caller's thread: like the shell's
/// `HeavyWork`, the work runs on threads of its own (Dispatch's, outside Swift's cooperative pool
/// and NIO's event loops), at most `lanes` files at once; more wait their turn, in order, and stop
/// waiting when their task is cancelled. Each file's work ends within its time budget (plus one
/// line of at most `maximumLineBytes`), so the wait is bounded too.
public final class SyntaxHighlighter: Sendable {
    public let limits: HighlightLimits
    private let lanes: HighlightLanes
    private let queue = DispatchQueue(label: "appdeck.code-highlighting", qos: .userInitiated, attributes: .concurrent)

    /// - Parameter lanes: how many files are highlighted at once; one fewer than the cores (at
    ///   least one), so a core is always left for everyone else.
    public init(limits: HighlightLimits = .standard, lanes: Int = max(1, ProcessInfo.processInfo.activeProcessorCount - 1)) {
        precondition(lanes > 0)
        self.limits = limits
        self.lanes = HighlightLanes(count: lanes)
    }

    /// The file highlighted in the language its name says (`SourceLanguage.forFile(named:)`), plain
    /// lines when it says none. Throws `HighlightRefusal.tooLarge` at once for a file over the
    /// limit, and `CancellationError` when the task is cancelled while waiting for a lane.
    public func highlight(_ source: String, fileName: String) async throws -> HighlightedFile {
        try await highlight(source, language: SourceLanguage.forFile(named: fileName))
    }

    /// The file highlighted in `language` (nil: plain lines), off the caller's thread as above.
    public func highlight(_ source: String, language: SourceLanguage?) async throws -> HighlightedFile {
        try refuseIfTooLarge(source)
        try await lanes.enter()
        defer { lanes.leave() }
        let work = DocumentHighlighting(limits: limits)
        return await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: work.highlight(source, in: language)) }
        }
    }

    /// The same, on the caller's thread: for callers already off the event loops and the
    /// cooperative pool (benchmarks, tests, command-line tools).
    public func highlightBlocking(_ source: String, fileName: String) throws(HighlightRefusal) -> HighlightedFile {
        try highlightBlocking(source, language: SourceLanguage.forFile(named: fileName))
    }

    public func highlightBlocking(_ source: String, language: SourceLanguage?) throws(HighlightRefusal) -> HighlightedFile {
        try refuseIfTooLarge(source)
        return DocumentHighlighting(limits: limits).highlight(source, in: language)
    }

    /// Whether `language`'s definition loads (a broken or missing file does not).
    public static func canLoad(_ language: SourceLanguage) -> Bool {
        (try? DefinitionHighlighter(language: language)) != nil
    }

    private func refuseIfTooLarge(_ source: String) throws(HighlightRefusal) {
        let bytes = source.utf8.count
        guard bytes <= limits.maximumFileBytes else { throw .tooLarge(bytes: bytes, limit: limits.maximumFileBytes) }
    }
}
