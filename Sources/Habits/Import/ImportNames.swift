import Foundation

/// Habit names in imports (issue 36): the sheet's rules, and suffixes instead of merges.
enum ImportNames {
    /// The trimmed name, or why the habit sheet would refuse it (HB-4's rules, `HabitDraft`).
    static func validated(_ raw: String, file: String?, line: Int) throws(HabitImportError) -> String {
        let draft = HabitDraft(name: raw, color: HabitColor.defaultColor.rgbHex, time: HabitImport.defaultTime.value)
        switch draft.validate() {
        case .success(let fields): return fields.name
        case .failure(let errors):
            throw .invalidName(file: file, line: line, errors[.name] ?? .required)
        }
    }

    /// `name`, or `name (2)`, `name (3)`… whichever `taken` lacks first, cut so that it stays
    /// within `HabitDraft.maxNameLength`; the result is added to `taken`.
    static func unique(_ name: String, taken: inout Set<String>) -> String {
        var candidate = name
        var number = 1
        while taken.contains(candidate) {
            number += 1
            let suffix = " (\(number))"
            let base = name.prefix(HabitDraft.maxNameLength - suffix.count)
            candidate = base.trimmingCharacters(in: .whitespaces) + suffix
        }
        taken.insert(candidate)
        return candidate
    }
}
