import Foundation

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
