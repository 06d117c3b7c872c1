import Foundation

/// `GET /devices/removed?on=YYYY-MM-DD` (issue 46, item 8): a browser that another linked browser
/// removed is told so on its next page, in an alert over the home screen's bar, whose one button
/// starts fresh (the home screen, as the new, empty device it now is). The day is UTC's: the
/// browser no longer has the owner's time zone.
struct RemovedNoticeView {
    let day: Date

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("devices.removed.title")
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: page.language.rawValue)
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        formatter.timeStyle = .none
        let message = page.t("devices.removed.message").replacingOccurrences(of: "{day}", with: formatter.string(from: day))
        var document = Document(title: title)
        document.bodyClass = "screen devices-screen"
        return document.page(page) {
            NavigationBar.backToHome(page.t("devices.title"), page).html(page)
            HTML.main(.class("content devices")) {}
            Notice(title: title, message: message, dismiss: Link(href: "/", label: page.t("devices.removed.startFresh"))).html()
        }
    }

    /// Noon UTC of `iso` (`2026-12-02`): a real day from 1970 on, or nil.
    static func day(iso: String) -> Date? {
        let parts = iso.split(separator: "-", omittingEmptySubsequences: false)
        guard iso.utf8.count == 10, parts.count == 3, parts.allSatisfy({ $0.utf8.allSatisfy { (48...57).contains($0) } }),
              let year = Int(parts[0]), let month = Int(parts[1]), let dayNumber = Int(parts[2]), year >= 1970
        else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let components = DateComponents(year: year, month: month, day: dayNumber, hour: 12)
        guard let date = calendar.date(from: components),
              calendar.dateComponents([.year, .month, .day], from: date) == DateComponents(year: year, month: month, day: dayNumber)
        else { return nil }
        return date
    }

    /// The `on` value for a removal at `date`.
    static func iso(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 1970, parts.month ?? 1, parts.day ?? 1)
    }
}
