import Foundation
import Localization

/// Names days the way the details list does: Сегодня, Вчера, Позавчера, then the locale's date
/// (`DayNames`: written once per locale and year for the whole process).
public struct DayFormatter: Sendable {
    public let catalogue: Catalogue
    public let today: CalendarDay
    private let locale: String

    public init(catalogue: Catalogue, today: CalendarDay) {
        self.catalogue = catalogue
        self.today = today
        locale = Self.localeIdentifier(catalogue.language)
    }

    /// A row's name: Сегодня, Вчера, Позавчера, then the date, without the year inside today's.
    public func label(for day: CalendarDay) -> String {
        switch day.days(to: today) {
        case 0: catalogue.text("habits.day.today")
        case 1: catalogue.text("habits.day.yesterday")
        case 2: catalogue.text("habits.day.dayBeforeYesterday")
        default: day.year == today.year ? name(of: day, \.withoutYear) : date(day)
        }
    }

    /// The locale's date, never relative: what a day's controls name ("March 3, 2026"), on one
    /// line (no-break spaces: "3 марта" is never split between its day and its month).
    public func date(_ day: CalendarDay) -> String {
        name(of: day, \.dates)
    }

    private func name(of day: CalendarDay, _ names: KeyPath<DayNames.Year, [String]>) -> String {
        let year = day.year
        let index = CalendarDay(year: year, month: 1, day: 1).map { $0.days(to: day) } ?? -1
        let written = DayNames.year(year, locale: locale)[keyPath: names]
        return written.indices.contains(index) ? written[index] : day.iso
    }

    /// Short month names of the locale, January first ("Jan", "янв.", "sty").
    public var shortMonthNames: [String] { DayNames.year(today.year, locale: locale).shortMonths }

    static func localeIdentifier(_ language: Language) -> String {
        switch language {
        case .en: "en_US"
        case .ru: "ru_RU"
        case .pl: "pl_PL"
        }
    }
}
