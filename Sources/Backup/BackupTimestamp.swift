import Foundation

/// `2026-11-27T11:40:00.123Z`: a backup's times, to the millisecond, in UTC. Written and read here
/// rather than by a date style so that a time exported, restored and exported again is the same
/// text on both backends (SQLite keeps milliseconds, PostgreSQL microseconds).
enum BackupTimestamp {
    static func string(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded())
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let fraction = milliseconds - seconds * 1000
        var time = time_t(seconds)
        var parts = tm()
        gmtime_r(&time, &parts)
        return String(
            format: "%04d-%02d-%02dT%02d:%02d:%02d.%03dZ", Int(parts.tm_year) + 1900, Int(parts.tm_mon) + 1, Int(parts.tm_mday),
            Int(parts.tm_hour), Int(parts.tm_min), Int(parts.tm_sec), Int(fraction))
    }

    /// Nil for anything but `YYYY-MM-DDTHH:MM:SS[.sss]Z` naming a real instant.
    static func date(_ text: String) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 20 || bytes.count == 24, bytes.last == UInt8(ascii: "Z") else { return nil }
        func number(_ range: Range<Int>) -> Int? {
            guard bytes[range].allSatisfy({ (48...57).contains($0) }) else { return nil }
            return bytes[range].reduce(0) { $0 * 10 + Int($1 - 48) }
        }
        let separators: [(Int, UInt8)] = [(4, 45), (7, 45), (10, 84), (13, 58), (16, 58)]
        guard separators.allSatisfy({ bytes[$0.0] == $0.1 }),
              let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
              let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
              (1...12).contains(month), (1...31).contains(day), hour < 24, minute < 60, second < 60
        else { return nil }
        var milliseconds = 0
        if bytes.count == 24 {
            guard bytes[19] == 46, let fraction = number(20..<23) else { return nil }
            milliseconds = fraction
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        guard let date = calendar.date(from: components), calendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(Double(milliseconds) / 1000)
    }
}
