import Foundation

/// `/habits/export.csv`: habits and their tracked days as RFC 4180 CSV (CRLF, quoted when needed),
/// one row per tracked day, and one row with an empty day for a habit never tracked. A name a
/// spreadsheet would run as a formula gets a leading `'` (OWASP's CSV injection defence).
public enum HabitsCSV {
    public static let header = ["habit_id", "name", "time", "color", "created_at", "tracked_day"]

    public static func export(_ habits: [Habit]) -> String {
        var lines = [line(header)]
        for habit in habits {
            let prefix = [String(habit.id), inert(habit.name), habit.time.value, habit.color.hex, timestamp(habit.createdAt)]
            if habit.trackedDays.isEmpty {
                lines.append(line(prefix + [""]))
            }
            for day in habit.trackedDays {
                lines.append(line(prefix + [day.iso]))
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
