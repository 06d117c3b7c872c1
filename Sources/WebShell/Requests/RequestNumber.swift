import Hummingbird

/// The one way a route reads a number from its path or its query (the safety baseline: no request
/// can stop the process).
///
/// Only the canonical decimal form of a number within the parameter's own range is a number:
/// ASCII digits, no sign, no leading zero, no exponent, no spaces. `+5`, `05`, `1e9`, `-1` and a
/// 20-digit value are not numbers, so a URL names one resource in exactly one way, and whatever a
/// handler then does with the value (`number - 1`, `limit + pageSize`) stays inside the range it
/// declared.
public enum RequestNumber {
    /// `text` as a number in `range`, or nil. `range` must not reach below zero.
    public static func parse<Number: FixedWidthInteger>(_ text: some StringProtocol, in range: ClosedRange<Number>) -> Number? {
        precondition(range.lowerBound >= 0, "a request number has no sign")
        let digits = text.utf8
        guard let first = digits.first, digits.count <= maximumDigits(of: range.upperBound),
              first != UInt8(ascii: "0") || digits.count == 1 else { return nil }
        var value: Number = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowB) = shifted.addingReportingOverflow(Number(byte - UInt8(ascii: "0")))
            guard !overflowA, !overflowB else { return nil }
            value = sum
        }
        return range.contains(value) ? value : nil
    }

    /// How many digits the largest allowed value has: a longer text is refused before it is read.
    private static func maximumDigits<Number: FixedWidthInteger>(of upperBound: Number) -> Int {
        var count = 1
        var rest = upperBound / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}

extension AppRequestContext {
    /// The path parameter `name` as a number in `range`; anything else names no resource: 404.
    public func pathNumber<Number: FixedWidthInteger>(_ name: String, in range: ClosedRange<Number>) throws -> Number {
        guard let text = parameters.get(name), let number = RequestNumber.parse(text, in: range) else {
            throw HTTPError(.notFound)
        }
        return number
    }
}

extension Request {
    /// The query parameter `name` as a number in `range`; nil when it is absent or not such a
    /// number, so the route falls back to its default.
    public func queryNumber<Number: FixedWidthInteger>(_ name: String, in range: ClosedRange<Number>) -> Number? {
        uri.queryParameters[name[...]].flatMap { RequestNumber.parse($0, in: range) }
    }
}
