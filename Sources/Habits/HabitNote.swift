import Foundation
import Localization

/// A day's note (issue 48, Loop's Notes column): free text of one or more lines.
public enum HabitNote {
    public static let maxLength = 1_000

    /// The note to keep for `text` as typed: trimmed, nil when nothing is left (the note is
    /// removed). Line breaks and tabs are kept; line ends become "\n". Longer than `maxLength`
    /// characters (as people count them) or holding another control character: refused.
    public static func validated(_ text: String) -> Result<String?, HabitFieldError> {
        let note = text.replacingOccurrences(of: "\r\n", with: "\n").replacingOccurrences(of: "\r", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if note.isEmpty { return .success(nil) }
        if note.count > maxLength { return .failure(.tooLong(max: maxLength)) }
        if note.unicodeScalars.contains(where: { $0.properties.generalCategory == .control && $0 != "\n" && $0 != "\t" }) {
            return .failure(.noteCharacters)
        }
        return .success(note)
    }
}
