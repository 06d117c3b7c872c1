/// Why an import was refused (issue 36). Nothing is imported when any of these is thrown. `file`
/// is the entry's path inside a ZIP, nil for an uploaded CSV; `line` is 1-based; `value` is the
/// offending text, cut to `HabitImportError.maxValueLength` characters. `message(in:)` says it in
/// the person's language.
public enum HabitImportError: Error, Hashable, Sendable {
    case fileTooLarge(limitBytes: Int)
    /// Neither a ZIP nor a CSV whose header has HabitBull's HabitName and CalendarDate.
    case unknownFormat
    case csv(file: String?, CSVError)
    case emptyFile(file: String?)
    case missingColumn(file: String?, column: String)
    case invalidDate(file: String?, line: Int, column: String, value: String)
    case futureDate(file: String?, line: Int, column: String, day: CalendarDay)
    case invalidValue(file: String?, line: Int, column: String, value: String)
    case invalidName(file: String?, line: Int, HabitFieldError)
    case tooManyHabits(limit: Int)
    case tooManyDays(habit: String, limit: Int)
    /// All habits together name more days than one file may bring (`HabitImportLimits.maxDays`).
    case tooManyDaysInAll(limit: Int)

    /// The ZIP's directory cannot be read, is inconsistent, or uses what an export never does
    /// (ZIP64, several disks, an entry that inflates to less than it declares, a wrong checksum).
    case zipUnreadable
    case zipTooManyEntries(limit: Int)
    /// Declared or counted while inflating, the entries together exceed the limit.
    case zipTooLarge(limitBytes: Int)
    /// An entry inflated past the size its header declares: a lying header, stopped there.
    case zipEntryLargerThanDeclared(path: String)
    /// `..` components, an absolute path, a backslash or a NUL.
    case zipUnsafeEntryName(path: String)
    case zipSymlink(path: String)
    /// Encrypted, or compressed other than stored or deflated.
    case zipUnsupportedEntry(path: String)
    case zipMissingHabitsCSV
    /// A `NNN Name/Checkmarks.csv` whose folder names no habit of `Habits.csv`, or one already matched.
    case zipUnmatchedFolder(path: String)

    public static let maxValueLength = 40

    static func excerpt(_ text: String) -> String {
        text.count <= maxValueLength ? text : String(text.prefix(maxValueLength - 1)) + "…"
    }
}
