import Foundation
import Localization
import Testing
@testable import Habits

/// Day names (`DayFormatter`, written once per locale and year by `DayNames`) say what the
/// locale's own long date says, on one line, on every day of a leap year and its neighbours.
@Suite("DayFormatter: the locale's day names")
struct DayFormatterTests {
    static let identifiers: [Language: String] = [.en: "en_US", .ru: "ru_RU", .pl: "pl_PL"]

    func written(_ day: CalendarDay, _ language: Language, template: String? = nil) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: Self.identifiers[language]!)
        formatter.timeZone = TimeZone(identifier: "UTC")
        if let template { formatter.setLocalizedDateFormatFromTemplate(template) } else { formatter.dateStyle = .long }
        return formatter.string(from: day.utcMidnight).replacingOccurrences(of: " ", with: "\u{00A0}")
    }

    @Test("every day of 2023 to 2025 is named as the locale's long date, with no-break spaces", arguments: [Language.en, .ru, .pl])
    func everyDay(language: Language) {
        let names = DayFormatter(catalogue: Catalogue(language: language, strings: [:]), today: day(2030, 6, 1))
        var current = day(2023, 1, 1)
        while current <= day(2025, 12, 31) {
            #expect(names.date(current) == written(current, language), "\(current)")
            current = current.adding(days: 1)
        }
        #expect(!names.date(day(2024, 2, 29)).contains(" "))
    }

    @Test("a row of today's year drops the year; Today, Yesterday and the day before are words; an older year keeps it")
    func rows() {
        let catalogue = Catalogue(language: .ru, strings: [
            "habits.day.today": "Сегодня", "habits.day.yesterday": "Вчера", "habits.day.dayBeforeYesterday": "Позавчера",
        ])
        let names = DayFormatter(catalogue: catalogue, today: day(2024, 12, 31))
        #expect(names.label(for: day(2024, 12, 31)) == "Сегодня")
        #expect(names.label(for: day(2024, 12, 30)) == "Вчера")
        #expect(names.label(for: day(2024, 12, 29)) == "Позавчера")
        #expect(names.label(for: day(2024, 12, 28)) == written(day(2024, 12, 28), .ru, template: "dMMMM"))
        #expect(names.label(for: day(2024, 12, 28)) == "28\u{00A0}декабря")
        #expect(names.label(for: day(2023, 12, 31)) == written(day(2023, 12, 31), .ru))
        #expect(names.shortMonthNames.count == 12)
    }
}
