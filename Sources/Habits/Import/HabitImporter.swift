import Foundation

/// Imports from other habit trackers (issue 36): tells Loop Habit Tracker's ZIP and HabitBull's
/// CSV apart by their content and reads either into a `HabitImport`, or refuses the whole file.
/// Pure: the web face previews the result and a store adds it in one transaction.
public enum HabitImporter {
    /// What `data` holds, judged from its first bytes; nil for anything else.
    public static func source(of data: Data, limits: HabitImportLimits = .standard) -> HabitImport.Source? {
        if data.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return .loopHabitTracker }
        return HabitBullCSV.recognizes(data, limits: limits.csv) ? .habitBull : nil
    }

    /// Reads `data`; a day after `today` (the device's) is refused, as are files beyond `limits`.
    public static func read(_ data: Data, today: CalendarDay, limits: HabitImportLimits = .standard) throws(HabitImportError) -> HabitImport {
        guard data.count <= limits.csv.maxBytes else { throw .fileTooLarge(limitBytes: limits.csv.maxBytes) }
        let read: HabitImport
        switch source(of: data, limits: limits) {
        case .loopHabitTracker: read = try LoopExport.read(data, today: today, limits: limits)
        case .habitBull: read = try HabitBullCSV.read(data, today: today, limits: limits)
        case nil: throw .unknownFormat
        }
        guard read.trackedDayCount <= limits.maxDays else { throw .tooManyDaysInAll(limit: limits.maxDays) }
        return read
    }
}
