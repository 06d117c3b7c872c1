import Foundation

/// A whole calendar day (proleptic Gregorian), independent of any time zone once made.
/// Habits are tracked per day in the device's time zone, so "today" is a `CalendarDay`, not a `Date`.
public struct CalendarDay: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Days since 1970-01-01 (negative before it); the arithmetic and ordering work on this.
    public let ordinal: Int

    public init(ordinal: Int) {
        self.ordinal = ordinal
    }

    /// Nil for a date that does not exist (31 February, month 13…).
    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        ordinal = Self.ordinal(year: year, month: month, day: day)
    }

    /// The day `date` falls on in `timeZone`.
    public init(_ date: Date, in timeZone: TimeZone) {
        let seconds = Int((date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))).rounded(.down))
        ordinal = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
    }

    /// Parses `YYYY-MM-DD`, the form the store keeps: exactly ten bytes, digits and two dashes.
    /// Read byte by byte, because a restore reads 365,000 of them (issue 36).
    public init?(iso: String) {
        var text = iso
        let parsed: (year: Int, month: Int, day: Int)? = text.withUTF8 { bytes in
            guard bytes.count == 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-") else { return nil }
            func number(_ range: Range<Int>) -> Int? {
                var value = 0
                for index in range {
                    let digit = Int(bytes[index]) - 48
                    guard (0...9).contains(digit) else { return nil }
                    value = value * 10 + digit
                }
                return value
            }
            guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10) else { return nil }
            return (year, month, day)
        }
        guard let parsed else { return nil }
        self.init(year: parsed.year, month: parsed.month, day: parsed.day)
    }

    public var year: Int { civil.year }
    public var month: Int { civil.month }
    public var day: Int { civil.day }

    /// `YYYY-MM-DD`.
    public var iso: String {
        let (year, month, day) = civil
        // Written digit by digit: an export writes 365,000 of them, and a format string costs
        // microseconds each (issue 36). Years outside 0...9999 keep the format's own form.
        guard (0...9999).contains(year) else { return String(format: "%04d-%02d-%02d", year, month, day) }
        return String(unsafeUninitializedCapacity: 10) { buffer in
            func put(_ value: Int, at index: Int, digits: Int) {
                var rest = value
                for offset in stride(from: digits - 1, through: 0, by: -1) {
                    buffer[index + offset] = UInt8(48 + rest % 10)
                    rest /= 10
                }
            }
            put(year, at: 0, digits: 4)
            buffer[4] = UInt8(ascii: "-")
            put(month, at: 5, digits: 2)
            buffer[7] = UInt8(ascii: "-")
            put(day, at: 8, digits: 2)
            return 10
        }
    }

    public var description: String { iso }

    public func adding(days: Int) -> CalendarDay {
        CalendarDay(ordinal: ordinal + days)
    }

    /// Whole days from `self` to `other` (positive when `other` is later).
    public func days(to other: CalendarDay) -> Int {
        other.ordinal - ordinal
    }

    /// 1 = Monday … 7 = Sunday (ISO 8601). 1970-01-01 was a Thursday.
    public var isoWeekday: Int {
        let monday0 = ((ordinal + 3) % 7 + 7) % 7
        return monday0 + 1
    }

    /// Midnight UTC of this day: for formatting a day with a formatter set to UTC.
    public var utcMidnight: Date {
        Date(timeIntervalSince1970: Double(ordinal) * 86_400)
    }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        lhs.ordinal < rhs.ordinal
    }

    // Howard Hinnant's days-from-civil and civil-from-days algorithms.
    private static func ordinal(year: Int, month: Int, day: Int) -> Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    private var civil: (year: Int, month: Int, day: Int) {
        let z = ordinal + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}

extension [CalendarDay] {
    /// In ascending days: the index of the first day at or after `day` (`endIndex` when none is),
    /// by binary search.
    func index(notBefore day: CalendarDay) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < day { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// In ascending days: whether `day` is one of them, by binary search (no hashing: a details
    /// page asks this for every day of ten years).
    func includes(_ day: CalendarDay) -> Bool {
        let index = index(notBefore: day)
        return index < count && self[index] == day
    }
}
