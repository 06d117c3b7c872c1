import Foundation
import Localization

/// `/habits/export.csv`: habits and their days as RFC 4180 CSV (CRLF, quoted when needed): one
/// row per day with something to say, `state` `done` or `skipped` (or empty for a day with only a
/// note) and the day's `note` (issue 48), ascending; one row with an empty day for a habit with
/// none. A measurable habit's day has its `value` (a point before the decimals, as spreadsheets
/// read CSV) and `unit`; `state` is `done` when its period met the target. A name or note a spreadsheet would run as a formula gets a leading `'` (OWASP's CSV
/// injection defence).
public enum HabitsCSV {
    public static let header = ["habit_id", "name", "time", "color", "created_at", "day", "state", "value", "unit", "note"]

    public static func export(_ habits: [Habit]) -> String {
        var lines = [line(header)]
        for habit in habits {
            let prefix = [String(habit.id), inert(habit.name), habit.time.value, habit.color.hex, timestamp(habit.createdAt)]
            let days = Set(habit.trackedDays).union(habit.skippedDays).union(habit.notes.keys).union(habit.values.keys).sorted()
            if days.isEmpty {
                lines.append(line(prefix + ["", "", "", "", ""]))
            }
            let unit = habit.measure.map { inert($0.unit) } ?? ""
            for day in days {
                let state = habit.state(on: day)
                let value = habit.values[day].map { DecimalText.format($0, language: .en).replacingOccurrences(of: ",", with: "") }
                lines.append(line(prefix + [
                    day.iso, state == .none ? "" : state.rawValue, value ?? "", value == nil ? "" : unit, habit.notes[day].map(inert) ?? "",
                ]))
            }
        }
        return lines.joined()
    }

    /// One record with its CRLF.
    static func line(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// A field quoted when it holds a comma, a quote or a line break; quotes doubled inside.
    static func field(_ value: String) -> String {
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" || $0 == "\r\n" }) else { return value }
        return "\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// Text a spreadsheet reads as a formula, or as the start of one (`=`, `+`, `-`, `@`, a tab or
    /// a carriage return first), with `'` before it, which spreadsheets show as text.
    static func inert(_ text: String) -> String {
        guard let first = text.unicodeScalars.first, "=+-@\t\r".unicodeScalars.contains(first) else { return text }
        return "'" + text
    }

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}
