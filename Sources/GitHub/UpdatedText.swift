import Foundation
import Localization

/// "Updated 3 days ago", the way GitHub's repository list says when a repository last changed:
/// just now; minutes; hours; yesterday; days (up to 30); then the date. Plural forms come from the
/// catalogue's rules for the language (GH-7).
enum UpdatedText {
    static func text(updatedAt: Date, now: Date, dates: DateText) -> String {
        let catalogue = dates.catalogue
        let seconds = now.timeIntervalSince(updatedAt)
        if seconds < 60 { return catalogue.text("github.updated.justNow") }
        if seconds < 3600 { return catalogue.plural("github.updated.minutes", count: Int(seconds / 60)) }
        if seconds < 86_400 { return catalogue.plural("github.updated.hours", count: Int(seconds / 3600)) }
        let days = max(1, dates.calendarDays(from: updatedAt, to: now))
        if days == 1 { return catalogue.text("github.updated.yesterday") }
        if days < 30 { return catalogue.plural("github.updated.days", count: days) }
        return catalogue.text("github.updated.on", ["day": dates.day(updatedAt, now: now)])
    }
}
