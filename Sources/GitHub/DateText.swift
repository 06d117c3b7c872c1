import Foundation
import Localization

/// Dates and times in the person's language and time zone, never the system's (GH-7): times as
/// `2:05 PM` in English and `14:05` in Russian and Polish; dates as `January 6` / `6 января` /
/// `6 stycznia`, with the year when it is not the current one (`6 января 2024 г.`). Made per
/// screen (it owns `DateFormatter`s, which are not `Sendable`).
struct DateText {
    let catalogue: Catalogue
    let calendar: Calendar
    private let time: DateFormatter
    private let dayMonth: DateFormatter
    private let dayMonthYear: DateFormatter

    init(catalogue: Catalogue, timeZone: TimeZone) {
        self.catalogue = catalogue
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
        let language = catalogue.language
        time = Self.formatter(language == .en ? "h:mm a" : "HH:mm", locale: "en_US_POSIX", timeZone: timeZone)
        let locale = Self.localeIdentifier(language)
        dayMonth = Self.formatter(language == .en ? "MMMM d" : "d MMMM", locale: locale, timeZone: timeZone)
        let withYear =
            switch language {
            case .en: "MMMM d, yyyy"
            case .ru: "d MMMM yyyy 'г'."
            case .pl: "d MMMM yyyy"
            }
        dayMonthYear = Self.formatter(withYear, locale: locale, timeZone: timeZone)
    }

    /// `2:05 PM` / `14:05`.
    func time(_ date: Date) -> String {
        time.string(from: date)
    }

    /// `January 6`, or `January 6, 2021` when `date` is in another year than `now`.
    func day(_ date: Date, now: Date) -> String {
        let sameYear = calendar.component(.year, from: date) == calendar.component(.year, from: now)
        return (sameYear ? dayMonth : dayMonthYear).string(from: date)
    }

    /// A moment soon to come: its time when it is today, else `January 6 at 2:05 PM`.
    func moment(_ date: Date, now: Date) -> String {
        if calendar.isDate(date, inSameDayAs: now) { return time(date) }
        return catalogue.text("github.time.dayAtTime", ["day": day(date, now: now), "time": time(date)])
    }

    /// Whole calendar days from `date`'s day to `now`'s, in the time zone.
    func calendarDays(from date: Date, to now: Date) -> Int {
        calendar.dateComponents([.day], from: calendar.startOfDay(for: date), to: calendar.startOfDay(for: now)).day ?? 0
    }

    private static func formatter(_ format: String, locale: String, timeZone: TimeZone) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: locale)
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.dateFormat = format
        return formatter
    }

    static func localeIdentifier(_ language: Language) -> String {
        switch language {
        case .en: "en_US"
        case .ru: "ru_RU"
        case .pl: "pl_PL"
        }
    }
}
