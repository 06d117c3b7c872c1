import Foundation

/// Loop Habit Tracker's "Export as CSV" (issue 36): a ZIP holding `Habits.csv` and, per habit, a
/// folder `NNN Name` with `Checkmarks.csv`. Other files (Loop's scores, its all-habits
/// checkmarks) are derived from these and left unread.
enum LoopExport {
    static let habitsFile = "Habits.csv"
    static let checkmarksFile = "Checkmarks.csv"

    static func read(_ data: Data, today: CalendarDay, limits: HabitImportLimits) throws(HabitImportError) -> HabitImport {
        var zip = try BoundedZIP(data, limits: limits)
        guard let habitsEntry = zip.files.first(where: { $0.path == habitsFile }) else { throw .zipMissingHabitsCSV }
        var habits = try LoopHabit.readAll(zip.contents(of: habitsEntry, maxBytes: limits.csv.maxBytes), limits: limits)
        var matched: Set<Int> = []
        for file in zip.files {
            let parts = file.path.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2, parts[1] == checkmarksFile else { continue }
            guard let index = habitIndex(folder: String(parts[0]), in: habits, excluding: matched) else {
                throw .zipUnmatchedFolder(path: file.path)
            }
            matched.insert(index)
            let contents = try zip.contents(of: file, maxBytes: limits.csv.maxBytes)
            try habits[index].readCheckmarks(contents, file: file.path, today: today, limits: limits)
        }
        var taken: Set<String> = []
        return HabitImport(source: .loopHabitTracker, habits: habits.map { $0.imported(taken: &taken) })
    }

    /// The habit a folder belongs to: the one whose folder name Loop would write exactly, else
    /// the only one left with the folder's `NNN` position (Loop versions differ in how they clean
    /// names).
    static func habitIndex(folder: String, in habits: [LoopHabit], excluding matched: Set<Int>) -> Int? {
        let candidates = habits.indices.filter { !matched.contains($0) }
        if let exact = candidates.first(where: { habits[$0].folderName == folder }) { return exact }
        guard let position = Int(folder.prefix(while: { $0.isASCII && $0.isNumber })) else { return nil }
        let numbered = candidates.filter { habits[$0].position == position }
        return numbered.count == 1 ? numbered[0] : nil
    }
}
