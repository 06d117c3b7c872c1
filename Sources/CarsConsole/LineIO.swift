import Foundation
import Synchronization

/// Where the menu reads answers from, one line at a time.
public protocol LineReader: Sendable {
    /// The next line without its line break, or nil at end of input.
    func readLine() -> String?
}

/// Where the menu writes text. Text is written as given: prompts have no line break.
public protocol TextOutput: Sendable {
    func write(_ text: String)
}

/// Standard input.
public struct StandardInput: LineReader {
    public init() {}

    public func readLine() -> String? {
        Swift.readLine(strippingNewline: true)
    }
}

/// Standard output, unbuffered so a prompt shows before the program waits for its answer.
public struct StandardOutput: TextOutput {
    public init() {}

    public func write(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }
}

/// Answers given in advance, for tests and scripts: then end of input.
public final class ScriptedInput: LineReader {
    private let remaining: Mutex<ArraySlice<String>>

    public init(_ lines: [String]) {
        remaining = Mutex(lines[...])
    }

    public func readLine() -> String? {
        remaining.withLock { $0.popFirst() }
    }

    /// How many lines were never asked for.
    public var unreadCount: Int {
        remaining.withLock { $0.count }
    }
}

/// Everything written, kept in memory.
public final class RecordingOutput: TextOutput {
    private let buffer = Mutex("")

    public init() {}

    public func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    /// All text written so far.
    public var text: String {
        buffer.withLock { $0 }
    }
}
