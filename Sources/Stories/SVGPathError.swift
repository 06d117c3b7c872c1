/// Why path data did not parse: the UTF-8 offset of the first byte that does not fit the SVG path
/// grammar, and what the grammar expected there (SG-3).
public struct SVGPathError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Expected: Hashable, Sendable {
        /// Path data starts with `M` or `m`.
        case moveTo
        /// A command letter (after `Z`, which takes no arguments).
        case command
        /// A command letter, or another set of arguments for the command before.
        case commandOrNumber
        /// A number (an argument, or the one a comma promises).
        case number
        /// A digit: after a sign or a lone `.`, or in an exponent.
        case digit
        /// An arc flag, `0` or `1`.
        case flag
        /// A number a `Double` can hold, or a coordinate that stays finite once made absolute.
        case finiteNumber
    }

    /// Byte offset into the path data's UTF-8.
    public let offset: Int
    public let expected: Expected

    public init(offset: Int, expected: Expected) {
        self.offset = offset
        self.expected = expected
    }

    public var description: String {
        let what = switch expected {
        case .moveTo: "M or m"
        case .command: "a command letter"
        case .commandOrNumber: "a command letter or a number"
        case .number: "a number"
        case .digit: "a digit"
        case .flag: "an arc flag (0 or 1)"
        case .finiteNumber: "a finite number"
        }
        return "expected \(what) at byte \(offset)"
    }
}
