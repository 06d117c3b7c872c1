import Foundation
import Localization

/// Names days the way the details list does: Сегодня, Вчера, Позавчера, then the locale's date.
/// Made per screen (it owns a `DateFormatter`, which is not `Sendable`).
public struct DayFormatter {
    public let catalogue: Catalogue
    public let today: CalendarDay
    private let formatter: DateFormatter
    /// The day and month without the year ("3 декабря", "December 3"): a row of today's year.
    private let withoutYear: DateFormatter

    public init(catalogue: Catalogue, today: CalendarDay) {
        self.catalogue = catalogue
        self.today = today
        let locale = Locale(identifier: Self.localeIdentifier(catalogue.language))
        let formatter = DateFormatter()
        formatter.locale = locale
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        self.formatter = formatter
        let withoutYear = DateFormatter()
        withoutYear.locale = locale
        withoutYear.timeZone = TimeZone(identifier: "UTC")
        withoutYear.setLocalizedDateFormatFromTemplate("dMMMM")
        self.withoutYear = withoutYear
    }

    /// A row's name: Сегодня, Вчера, Позавчера, then the date, without the year inside today's.
    public func label(for day: CalendarDay) -> String {
        switch day.days(to: today) {
        case 0: catalogue.text("habits.day.today")
        case 1: catalogue.text("habits.day.yesterday")
        case 2: catalogue.text("habits.day.dayBeforeYesterday")
        default: day.year == today.year ? Self.unbroken(withoutYear.string(from: day.utcMidnight)) : date(day)
        }
    }

    /// The locale's date, never relative: what a day's controls name ("March 3, 2026"), on one
    /// line (no-break spaces: "3 марта" is never split between its day and its month).
    public func date(_ day: CalendarDay) -> String {
        Self.unbroken(formatter.string(from: day.utcMidnight))
    }

    private static func unbroken(_ date: String) -> String {
        date.replacingOccurrences(of: " ", with: "\u{00A0}")
    }

    /// Short month names of the locale, January first ("Jan", "янв.", "sty").
    public var shortMonthNames: [String] { formatter.shortStandaloneMonthSymbols }

    static func localeIdentifier(_ language: Language) -> String {
        switch language {
        case .en: "en_US"
        case .ru: "ru_RU"
        case .pl: "pl_PL"
        }
    }
}
