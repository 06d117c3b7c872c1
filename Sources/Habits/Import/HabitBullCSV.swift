import Foundation

/// HabitBull's CSV export (issue 36): one row per habit and day, with HabitName, HabitDescription,
/// HabitCategory, CalendarDate (`yyyy-MM-dd` or `M/d/yyyy`), Value (1 or more is done; any number, negative too) and
/// CommentText. Rows may repeat; a repeated day counts once, its note and number too. A habit
/// with a value above 1 on any day is a count (issue 48): measurable, at least 1 a day, every
/// day's number from 0 kept.
enum HabitBullCSV {
    enum Column {
        static let name = "HabitName", description = "HabitDescription", category = "HabitCategory"
        static let date = "CalendarDate", value = "Value", comment = "CommentText"
    }

    /// Whether the first record of `data` is HabitBull's header.
    static func recognizes(_ data: Data, limits: CSVLimits) -> Bool {
        guard var reader = try? CSVReader(data.prefix(64 * 1024), limits: limits),
              let header = try? reader.next() else { return false }
        return header.fields.contains(Column.name) && header.fields.contains(Column.date)
    }

    static func read(_ data: Data, today: CalendarDay, limits: HabitImportLimits) throws(HabitImportError) -> HabitImport {
        var table = try CSVTable(data, file: nil, limits: limits.csv, required: [Column.name, Column.date, Column.value])
        var order: [String] = []
        var habits: [String: Habit] = [:]
        while let row = try table.next() {
            let name = try ImportNames.validated(row[Column.name], file: nil, line: row.line)
            if habits[name] == nil {
                guard order.count < limits.maxHabits else { throw .tooManyHabits(limit: limits.maxHabits) }
                order.append(name)
                habits[name] = Habit(tally: DayTally(habit: name, limit: limits.maxDaysPerHabit))
            }
            try habits[name]!.read(row, today: today)
        }
        var taken: Set<String> = []
        return HabitImport(source: .habitBull, habits: order.map { habits[$0]!.imported(name: $0, taken: &taken) })
    }

    private struct Habit {
        var tally: DayTally
        var hasDescription = false
        var hasCategory = false
        /// Notes MyHabits cannot keep: a habit's own, or a day's too long to hold.
        var notes: Set<Note> = []
        var dayNotes: [CalendarDay: String] = [:]
        /// Every day's number, kept when the habit turns out to be a count.
        var values: [CalendarDay: Double] = [:]
        var isCount = false
        /// Numbers no count can hold (negative, or beyond `HabitMeasure.maxValue`): lost from a count.
        var unkeptDays: Set<CalendarDay> = []
        /// Numbers other than 0 and 1: lost from a yes/no habit, which keeps only done or not.
        var otherNumberDays: Set<CalendarDay> = []

        struct Note: Hashable {
            let day: CalendarDay?
            let text: String
        }

        mutating func read(_ row: CSVRow, today: CalendarDay) throws(HabitImportError) {
            if !row[Column.description].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { hasDescription = true }
            if !row[Column.category].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { hasCategory = true }
            let comment = row[Column.comment].trimmingCharacters(in: .whitespacesAndNewlines)
            // A habit never tracked may be listed with neither a date nor a value.
            if row[Column.date].trimmingCharacters(in: .whitespaces).isEmpty, row[Column.value].trimmingCharacters(in: .whitespaces).isEmpty {
                if !comment.isEmpty { notes.insert(Note(day: nil, text: comment)) }
                return
            }
            let day = try row.day(Column.date, today: today)
            // Any number: below 1 is not done (issue 46, item 6: HabitBull writes values such as
            // -2150000000); one a count cannot hold is listed among the losses.
            guard let value = try row.number(Column.value) else { throw row.invalidValue(Column.value) }
            if value != 0 && value != 1 { otherNumberDays.insert(day) }
            if HabitMeasure.isValid(value) {
                values[day] = (value * 1000).rounded() / 1000
                if value > 1 { isCount = true }
            } else {
                unkeptDays.insert(day)
            }
            switch HabitNote.validated(comment) {
            case .success(let note?): dayNotes[day] = note  // kept (issue 48)
            case .success(nil): break
            case .failure: notes.insert(Note(day: day, text: comment))
            }
            try tally.record(day, done: value >= 1)
        }

        func imported(name: String, taken: inout Set<String>) -> ImportedHabit {
            var losses = ImportLosses()
            losses.descriptions = hasDescription ? 1 : 0
            losses.categories = hasCategory ? 1 : 0
            losses.notes = notes.count
            losses.numericValues = isCount ? unkeptDays.count : otherNumberDays.count
            let measure = isCount ? HabitMeasure(unit: "", target: 1, kind: .atLeast) : nil
            return ImportedHabit(
                fields: HabitFields(
                    name: ImportNames.unique(name, taken: &taken), time: HabitImport.defaultTime, color: .defaultColor, measure: measure),
                originalName: name, trackedDays: Array(tally.done), notes: dayNotes, values: values, losses: losses)
        }
    }
}
