/// Dates as the trackers write them: `yyyy-MM-dd` (Loop, HabitBull) or `M/d/yyyy` (HabitBull's
/// US exports). Nil for anything else and for days no calendar has (2023-02-30).
enum ImportDate {
    static func parse(_ text: String) -> CalendarDay? {
        if let day = CalendarDay(iso: text) { return day }
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 3, (1...2).contains(parts[0].count), (1...2).contains(parts[1].count), parts[2].count == 4,
              parts.allSatisfy({ $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let month = Int(parts[0]), let day = Int(parts[1]), let year = Int(parts[2]) else { return nil }
        return CalendarDay(year: year, month: month, day: day)
    }
}

/// One habit's days while its rows are read: every day any row names (bounded by
/// `HabitImportLimits.maxDaysPerHabit`) and the days that count as done. Rows may repeat a day;
/// a day is done when any of its rows says so.
struct DayTally {
    let habit: String
    let limit: Int
    private(set) var named: Set<CalendarDay> = []
    private(set) var done: Set<CalendarDay> = []

    init(habit: String, limit: Int) {
        self.habit = habit
        self.limit = limit
    }

    mutating func record(_ day: CalendarDay, done isDone: Bool) throws(HabitImportError) {
        if named.insert(day).inserted, named.count > limit { throw .tooManyDays(habit: habit, limit: limit) }
        if isDone { done.insert(day) }
    }
}

extension CSVRow {
    /// The row's day in `column`: a real date, not after `today`.
    func day(_ column: String, today: CalendarDay) throws(HabitImportError) -> CalendarDay {
        let text = self[column].trimmingCharacters(in: .whitespaces)
        guard let day = ImportDate.parse(text) else {
            throw .invalidDate(file: file, line: line, column: column, value: HabitImportError.excerpt(text))
        }
        guard day <= today else { throw .futureDate(file: file, line: line, column: column, day: day) }
        return day
    }

    /// The row's number in `column` (a decimal point, never a comma); nil when the field is empty.
    func number(_ column: String) throws(HabitImportError) -> Double? {
        let text = self[column].trimmingCharacters(in: .whitespaces)
        if text.isEmpty { return nil }
        guard let number = Double(text), number.isFinite else { throw invalidValue(column) }
        return number
    }

    func invalidValue(_ column: String) -> HabitImportError {
        .invalidValue(file: file, line: line, column: column, value: HabitImportError.excerpt(self[column]))
    }
}
