/// Finds, for a `(` opening a link destination, the `)` that Ink's
/// `read(until: ")", balanceAgainst: "(")` stops at, on the same line, in constant time.
///
/// Scanning from each `(` would be quadratic on a line of `[a](` repeated, so the answer for
/// every position is computed once: the first later position where the running count of
/// `(` minus `)` on that line drops below its value at the start.
struct BalancedParentheses {
    private var closingAfter: [Int?]

    init(_ characters: [Character]) {
        closingAfter = Array(repeating: nil, count: characters.count + 1)
        // Positions waiting for the running depth to fall below their own depth.
        var waiting: [(position: Int, depth: Int)] = []
        var depth = 0
        for (position, character) in characters.enumerated() {
            waiting.append((position, depth))
            switch character {
            case "\n":
                waiting.removeAll()
                depth = 0
            case "(":
                depth += 1
            case ")":
                depth -= 1
                while let last = waiting.last, last.depth > depth {
                    closingAfter[last.position] = position
                    waiting.removeLast()
                }
            default:
                break
            }
        }
    }

    /// The index of the `)` that closes a destination whose content starts at `start`.
    func closingParenthesis(forContentStartingAt start: Int) -> Int? {
        guard start < closingAfter.count else { return nil }
        return closingAfter[start]
    }
}
