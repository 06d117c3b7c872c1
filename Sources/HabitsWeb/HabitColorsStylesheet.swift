import Habits
import Hummingbird
import WebShell

/// `/habits/colors.css?<id>=<rrggbbaa>&…`: one custom property pair per habit shown on a page.
/// The CSP forbids inline styles, so colours chosen by people arrive as a stylesheet. It is a pure
/// function of its URL (no database, no device), so browsers may keep it for a year.
enum HabitColorsStylesheet {
    static let maxHabits = 1000

    /// The URL for these habits' colours.
    /// Written as bytes, then one string (the list page asks for it with every visit, 100 habits or more):
    /// `id=rrggbbaa`, lowercase, as `HabitColor.hex` spells it without its `#`.
    static func href(_ colors: [(id: Int64, color: HabitColor)]) -> String {
        var bytes = Array(HabitsPath.colors.path.utf8)
        bytes.reserveCapacity(bytes.count + colors.count * 32)
        func hex(_ byte: UInt8) {
            bytes.append(hexDigits[Int(byte >> 4)])
            bytes.append(hexDigits[Int(byte & 0xF)])
        }
        for (index, entry) in colors.enumerated() {
            bytes.append(index == 0 ? UInt8(ascii: "?") : UInt8(ascii: "&"))
            bytes.append(contentsOf: String(entry.id).utf8)
            bytes.append(UInt8(ascii: "="))
            hex(entry.color.red)
            hex(entry.color.green)
            hex(entry.color.blue)
            hex(entry.color.alpha)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// The CSS, or nil when the query is not a list of habit ids and 8-digit colours.
    static func css(query: String) -> String? {
        var rules: [String] = []
        for item in query.split(separator: "&") {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard rules.count < maxHabits, pair.count == 2, let id = Int64(pair[0]), id > 0,
                  pair[1].count == 8, let color = HabitColor(hex: "#" + pair[1]) else { return nil }
            rules.append("[data-habit=\"\(id)\"]{--habit:\(color.hex)}")
        }
        return rules.joined(separator: "\n") + "\n"
    }

    /// The stylesheet for the request's query; 400 when it is not a list of ids and colours.
    static func response(for request: Request) throws -> Stylesheet {
        guard let css = css(query: request.uri.query ?? "") else { throw HTTPError(.badRequest) }
        return Stylesheet(css, isImmutable: true)
    }
}
