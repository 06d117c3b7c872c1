import Localization

extension HabitImportError {
    /// What a person reads when the import is refused (`habits.import.*`), with where in the file
    /// the problem is when it is in one place.
    public func message(in catalogue: Catalogue) -> String {
        let (problem, file, line) = parts(in: catalogue)
        let placed: [String: String] = ["problem": problem, "file": file ?? "", "line": line.map { catalogue.language.grouped($0) } ?? ""]
        switch (file, line) {
        case (nil, nil): return problem
        case (nil, .some): return catalogue.text("habits.import.where.line", placed)
        case (.some, nil): return catalogue.text("habits.import.where.file", placed)
        case (.some, .some): return catalogue.text("habits.import.where.fileLine", placed)
        }
    }

    private func parts(in catalogue: Catalogue) -> (problem: String, file: String?, line: Int?) {
        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            catalogue.text("habits.import.error.\(key)", arguments)
        }
        func number(_ value: Int) -> String { catalogue.language.grouped(value) }
        func megabytes(_ bytes: Int) -> String { number(bytes / (1024 * 1024)) }
        switch self {
        case .fileTooLarge(let limit): return (text("fileTooLarge", ["megabytes": megabytes(limit)]), nil, nil)
        case .unknownFormat: return (text("unknownFormat"), nil, nil)
        case .csv(let file, let error): return error.parts(file: file, in: catalogue)
        case .emptyFile(let file): return (text("emptyFile"), file, nil)
        case .missingColumn(let file, let column): return (text("missingColumn", ["column": column]), file, nil)
        case .invalidDate(let file, let line, let column, let value):
            return (text("invalidDate", ["column": column, "value": value]), file, line)
        case .futureDate(let file, let line, _, let day): return (text("futureDate", ["day": day.iso]), file, line)
        case .invalidValue(let file, let line, let column, let value):
            return (text("invalidValue", ["column": column, "value": value]), file, line)
        case .invalidName(let file, let line, let error):
            switch error {
            case .tooLong(let max): return (text("nameTooLong", ["limit": number(max)]), file, line)
            case .controlCharacters: return (text("nameControlCharacters"), file, line)
            default: return (text("nameRequired"), file, line)
            }
        case .tooManyHabits(let limit): return (text("tooManyHabits", ["limit": number(limit)]), nil, nil)
        case .tooManyDays(let habit, let limit): return (text("tooManyDays", ["habit": habit, "limit": number(limit)]), nil, nil)
        case .tooManyDaysInAll(let limit): return (text("tooManyDaysInAll", ["limit": number(limit)]), nil, nil)
        case .zipUnreadable: return (text("zip.unreadable"), nil, nil)
        case .zipTooManyEntries(let limit): return (text("zip.tooManyEntries", ["limit": number(limit)]), nil, nil)
        case .zipTooLarge(let limit): return (text("zip.tooLarge", ["megabytes": megabytes(limit)]), nil, nil)
        case .zipEntryLargerThanDeclared(let path): return (text("zip.entryLargerThanDeclared"), path, nil)
        case .zipUnsafeEntryName(let path): return (text("zip.unsafeName", ["path": path]), nil, nil)
        case .zipSymlink(let path): return (text("zip.symlink", ["path": path]), nil, nil)
        case .zipUnsupportedEntry(let path): return (text("zip.unsupportedEntry"), path, nil)
        case .zipMissingHabitsCSV: return (text("zip.missingHabitsCSV"), nil, nil)
        case .zipUnmatchedFolder(let path): return (text("zip.unmatchedFolder"), path, nil)
        }
    }
}

extension CSVError {
    fileprivate func parts(file: String?, in catalogue: Catalogue) -> (problem: String, file: String?, line: Int?) {
        func text(_ key: String, _ arguments: [String: String] = [:]) -> String {
            catalogue.text("habits.import.error.csv.\(key)", arguments)
        }
        switch self {
        case .tooLarge(let limit):
            return (catalogue.text("habits.import.error.fileTooLarge", ["megabytes": catalogue.language.grouped(limit / (1024 * 1024))]), file, nil)
        case .tooManyRows(let limit): return (text("tooManyRows", ["limit": catalogue.language.grouped(limit)]), file, nil)
        case .tooManyColumns(let line, let limit): return (text("tooManyColumns", ["limit": catalogue.language.grouped(limit)]), file, line)
        case .unterminatedQuote(let line): return (text("unterminatedQuote"), file, line)
        case .quoteInUnquotedField(let line): return (text("quoteInUnquotedField"), file, line)
        case .textAfterClosingQuote(let line): return (text("textAfterClosingQuote"), file, line)
        case .bareCarriageReturn(let line): return (text("bareCarriageReturn"), file, line)
        case .invalidUTF8(let line): return (text("invalidUTF8"), file, line)
        }
    }
}

extension HabitImport {
    /// "Adds 3 habits and 412 done days." in the catalogue's language.
    public func summary(in catalogue: Catalogue) -> String {
        catalogue.text("habits.import.adds", [
            "habits": catalogue.plural("habits.import.habitCount", count: habits.count),
            "days": catalogue.plural("habits.import.dayCount", count: trackedDayCount),
        ])
    }
}

extension ImportLosses {
    /// One phrase per kind of thing MyHabits cannot keep, in a fixed order (e.g. "2 notes"), under
    /// `habits.import.lost.title`; empty when nothing is lost.
    public func lines(in catalogue: Catalogue) -> [String] {
        let counts: [(String, Int)] = [
            ("questions", questions), ("descriptions", descriptions), ("categories", categories),
            ("nonDailyFrequencies", nonDailyFrequencies), ("notes", notes),
            ("numericValues", numericValues), ("skippedDays", skippedDays), ("autoFilledDays", autoFilledDays),
        ]
        return counts.filter { $0.1 > 0 }.map { key, count in
            catalogue.plural("habits.import.lost.\(key)", count: count)
        }
    }
}
