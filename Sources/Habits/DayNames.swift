import Foundation
import Synchronization

/// Every day's name in a locale, written once per year for the whole process: a details page names
/// about 430 days (its Activity rows, its heatmap's cells), and ICU's formatter with the no-break
/// space pass was a quarter of that page's time (issue 48's benchmark). A name depends only on the
/// locale and the day, so every device and habit shares them.
enum DayNames {
    struct Year: Sendable {
        /// "March 3, 2026" / "3 марта 2026 г.", by day of the year from 0.
        let dates: [String]
        /// "March 3" / "3 марта": a row of today's year.
        let withoutYear: [String]
        /// Short month names, January first ("Jan", "янв.", "sty").
        let shortMonths: [String]
    }

    private struct Key: Hashable {
        let locale: String
        let year: Int
    }

    /// Three languages over a few dozen years; past it the cache starts again (a URL cannot grow
    /// it without bound by asking for days of any year).
    private static let capacity = 64
    private static let years = Mutex<[Key: Year]>([:])

    static func year(_ year: Int, locale: String) -> Year {
        let key = Key(locale: locale, year: year)
        if let known = years.withLock({ $0[key] }) { return known }
        let made = make(year, locale: locale)
        years.withLock { years in
            if years.count >= capacity { years.removeAll(keepingCapacity: true) }
            years[key] = made
        }
        return made
    }

    private static func make(_ year: Int, locale identifier: String) -> Year {
        let locale = Locale(identifier: identifier)
        let utc = TimeZone(identifier: "UTC")
        let long = DateFormatter()
        (long.locale, long.timeZone, long.dateStyle, long.timeStyle) = (locale, utc, .long, .none)
        let withoutYear = DateFormatter()
        (withoutYear.locale, withoutYear.timeZone) = (locale, utc)
        withoutYear.setLocalizedDateFormatFromTemplate("dMMMM")
        guard let first = CalendarDay(year: year, month: 1, day: 1), let next = CalendarDay(year: year + 1, month: 1, day: 1) else {
            return Year(dates: [], withoutYear: [], shortMonths: long.shortStandaloneMonthSymbols)
        }
        let days = (0..<first.days(to: next)).map { first.adding(days: $0).utcMidnight }
        return Year(dates: days.map { unbroken(long.string(from: $0)) }, withoutYear: days.map { unbroken(withoutYear.string(from: $0)) },
                    shortMonths: long.shortStandaloneMonthSymbols)
    }

    /// On one line: "3 марта" is never split between its day and its month.
    private static func unbroken(_ date: String) -> String {
        String(String.UnicodeScalarView(date.unicodeScalars.lazy.map { $0 == " " ? "\u{00A0}" : $0 }))
    }
}
