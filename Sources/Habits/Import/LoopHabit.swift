import Foundation

/// One row of Loop Habit Tracker's `Habits.csv` and, once read, its `Checkmarks.csv` (issue 36).
struct LoopHabit {
    /// Columns of `Habits.csv`, as Loop names them; only Name is required, since older exports
    /// have fewer.
    enum Column {
        static let position = "Position", name = "Name", type = "Type", question = "Question"
        static let description = "Description", numerator = "FrequencyNumerator", denominator = "FrequencyDenominator"
        static let color = "Color", targetType = "Target Type", targetValue = "Target Value", archived = "Archived?"
        static let date = "Date", value = "Value", notes = "Notes", unit = "Unit"
    }

    let position: Int
    let name: String
    let color: HabitColor
    let isMeasurable: Bool
    let isAtMost: Bool
    let target: Double
    let unit: String
    /// FrequencyNumerator in FrequencyDenominator days (issue 38); every day when the file has
    /// none, or one no `HabitSchedule` has (counted as lost).
    let schedule: HabitSchedule
    let isArchived: Bool
    private(set) var losses = ImportLosses()
    private(set) var tally: DayTally
    /// Days Loop has as SKIP (issue 48).
    private(set) var skipped: Set<CalendarDay> = []
    /// Loop's Notes column, as `HabitNote.validated` keeps them (issue 48).
    private(set) var notes: [CalendarDay: String] = [:]
    /// A measurable habit's numbers (issue 48): Loop writes thousandths.
    private(set) var values: [CalendarDay: Double] = [:]

    /// Every habit of `Habits.csv`, in its order.
    static func readAll(_ data: Data, limits: HabitImportLimits) throws(HabitImportError) -> [LoopHabit] {
        var table = try CSVTable(data, file: LoopExport.habitsFile, limits: limits.csv, required: [Column.name])
        var habits: [LoopHabit] = []
        while let row = try table.next() {
            guard habits.count < limits.maxHabits else { throw .tooManyHabits(limit: limits.maxHabits) }
            habits.append(try LoopHabit(row, rowNumber: habits.count + 1, limits: limits))
        }
        return habits
    }

    private init(_ row: CSVRow, rowNumber: Int, limits: HabitImportLimits) throws(HabitImportError) {
        let position = row[Column.position].trimmingCharacters(in: .whitespaces)
        if position.isEmpty {
            self.position = rowNumber
        } else {
            guard let number = Int(position), number >= 0 else { throw row.invalidValue(Column.position) }
            self.position = number
        }
        name = try ImportNames.validated(row[Column.name], file: row.file, line: row.line)
        color = LoopPalette.color(row[Column.color])
        isMeasurable = ["NUMERICAL", "1"].contains(row[Column.type].trimmingCharacters(in: .whitespaces))
        isAtMost = ["AT_MOST", "1"].contains(row[Column.targetType].trimmingCharacters(in: .whitespaces))
        target = try row.number(Column.targetValue) ?? 0
        unit = String(String.UnicodeScalarView(row[Column.unit].unicodeScalars.filter { $0.properties.generalCategory != .control }))
            .trimmingCharacters(in: .whitespaces)
        tally = DayTally(habit: name, limit: limits.maxDaysPerHabit)
        if !row[Column.question].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { losses.questions = 1 }
        if !row[Column.description].trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { losses.descriptions = 1 }
        isArchived = ["true", "1"].contains(row[Column.archived].trimmingCharacters(in: .whitespaces).lowercased())
        var schedule = HabitSchedule.daily
        if let numerator = try row.number(Column.numerator), let denominator = try row.number(Column.denominator), numerator != denominator {
            if numerator == numerator.rounded(), denominator == denominator.rounded(), abs(denominator) <= 1_000,
               let read = HabitSchedule.times(Int(numerator), in: Int(denominator)) {
                schedule = read
            } else {
                losses.nonDailyFrequencies = 1
            }
        }
        self.schedule = schedule
    }

    /// The folder Loop writes this habit's files in: `%03d` of its position, a space, and its
    /// name without characters other than ASCII letters, digits, space, `.`, `_` and `-`, cut to
    /// 100 characters, the whole trimmed.
    var folderName: String {
        let kept = name.unicodeScalars.filter { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || " ._-".unicodeScalars.contains($0)) }
        let sanitized = String(String.UnicodeScalarView(kept.prefix(100)))
        return (String(format: "%03d", position) + " " + sanitized).trimmingCharacters(in: .whitespaces)
    }

    /// Reads the habit's `Checkmarks.csv`: Date, Value, Notes, with or without that header (Loop's
    /// own exports have none). Only YES_MANUAL (2) is done; a measurable habit's day keeps its
    /// number (Loop writes thousandths), done when its period meets the target. SKIP (3) is a
    /// skipped day and a note is kept (issue 48); a note MyHabits cannot hold (over
    /// `HabitNote.maxLength`) is counted as lost.
    mutating func readCheckmarks(_ data: Data, file: String, today: CalendarDay, limits: HabitImportLimits) throws(HabitImportError) {
        var table = try CSVTable(
            data, file: file, limits: limits.csv, required: [Column.date], headerless: [Column.date, Column.value, Column.notes])
        while let row = try table.next() {
            let day = try row.day(Column.date, today: today)
            let done = isMeasurable ? try measuredDone(row, on: day) : try markedDone(row)
            if !done, isSkip(row) { skipped.insert(day) }
            switch HabitNote.validated(row[Column.notes]) {
            case .success(let note?): notes[day] = note
            case .success(nil): break
            case .failure: losses.notes += 1
            }
            try tally.record(day, done: done)
        }
    }

    private mutating func markedDone(_ row: CSVRow) throws(HabitImportError) -> Bool {
        switch row[Column.value].trimmingCharacters(in: .whitespaces) {
        case "YES_MANUAL", "2": return true
        case "YES_AUTO", "1": losses.autoFilledDays += 1
        case "NO", "0", "UNKNOWN", "-1", "", "SKIP", "3": break
        default: throw row.invalidValue(Column.value)
        }
        return false
    }

    /// Keeps the day's number; whether the day is done is the measure's to say, over its period
    /// (`ImportedHabit`), so this answers false.
    private mutating func measuredDone(_ row: CSVRow, on day: CalendarDay) throws(HabitImportError) -> Bool {
        switch row[Column.value].trimmingCharacters(in: .whitespaces) {
        case "UNKNOWN", "SKIP": return false
        default: break
        }
        guard let thousandths = try row.number(Column.value) else { return false }
        let value = thousandths / 1000
        // Loop's UNKNOWN (-1) and SKIP (3) as numbers are not values; a negative one is not either.
        if thousandths == -1 || thousandths < 0 { return false }
        guard HabitMeasure.isValid(value) else {
            losses.numericValues += 1
            return false
        }
        values[day] = value
        return false
    }

    /// A measurable habit's unit, target and kind as MyHabits keeps them; nil for a yes/no one.
    /// A target MyHabits cannot hold ("at least 0", or beyond `HabitMeasure.maxValue`) becomes
    /// the nearest it can: 0.001, or the largest.
    var measure: HabitMeasure? {
        guard isMeasurable else { return nil }
        let kind: HabitMeasure.Kind = isAtMost ? .atMost : .atLeast
        let kept = min(max(target.isFinite ? target : 0, kind == .atMost ? 0 : 0.001), HabitMeasure.maxValue)
        return HabitMeasure(unit: String(unit.prefix(HabitMeasure.maxUnitLength)), target: kept, kind: kind)
    }

    private func isSkip(_ row: CSVRow) -> Bool {
        let value = row[Column.value].trimmingCharacters(in: .whitespaces)
        return value == "SKIP" || (!isMeasurable && value == "3")
    }

    func imported(taken: inout Set<String>) -> ImportedHabit {
        ImportedHabit(
            fields: HabitFields(
                name: ImportNames.unique(name, taken: &taken), time: HabitImport.defaultTime, color: color, schedule: measuredSchedule,
                measure: measure),
            originalName: name, trackedDays: Array(tally.done), isArchived: isArchived, skippedDays: Array(skipped), notes: notes,
            values: values, losses: losses)
    }

    /// A measurable habit's target is for its whole period (Loop's numerical habits are 1 in M
    /// days: per day, week or month): the schedule asks for one period met.
    private var measuredSchedule: HabitSchedule {
        guard isMeasurable, case .times(_, let days) = schedule, days > 1 else { return schedule }
        return HabitSchedule.times(1, in: days) ?? schedule
    }
}
