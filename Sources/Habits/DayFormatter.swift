import Foundation
import Localization

/// Names days the way the details list does: Сегодня, Вчера, Позавчера, then the locale's date.
/// Made per screen (it owns a `DateFormatter`, which is not `Sendable`).
public struct DayFormatter {
    public let catalogue: Catalogue
    public let today: CalendarDay
    private let formatter: DateFormatter

    public init(catalogue: Catalogue, today: CalendarDay) {
        self.catalogue = catalogue
        self.today = today
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: Self.localeIdentifier(catalogue.language))
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        self.formatter = formatter
    }

    public func label(for day: CalendarDay) -> String {
        switch day.days(to: today) {
        case 0: catalogue.text("habits.day.today")
        case 1: catalogue.text("habits.day.yesterday")
        case 2: catalogue.text("habits.day.dayBeforeYesterday")
        default: date(day)
        }
    }

    /// The locale's date, never relative: what a day's controls name ("March 3, 2026").
    public func date(_ day: CalendarDay) -> String {
        formatter.string(from: day.utcMidnight)
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
