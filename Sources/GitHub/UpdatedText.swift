import Foundation
import Localization

/// "Updated 3 days ago", the way GitHub's repository list says when a repository last changed:
/// just now; minutes; hours; yesterday; days (up to 30); then the date. Plural forms come from the
/// catalogue's rules for the language (GH-7). The same steps say when a commit was made, under
/// `github.ago` ("3 days ago", issue 49).
enum UpdatedText {
    /// - Parameter keys: the catalogue's group of phrases: `github.updated` ("Updated 3 days
    ///   ago") or `github.ago` ("3 days ago").
    static func text(updatedAt: Date, now: Date, dates: DateText, keys: String = "github.updated") -> String {
        let catalogue = dates.catalogue
        let seconds = now.timeIntervalSince(updatedAt)
        if seconds < 60 { return catalogue.text("\(keys).justNow") }
        if seconds < 3600 { return catalogue.plural("\(keys).minutes", count: Int(seconds / 60)) }
        if seconds < 86_400 { return catalogue.plural("\(keys).hours", count: Int(seconds / 3600)) }
        let days = max(1, dates.calendarDays(from: updatedAt, to: now))
        if days == 1 { return catalogue.text("\(keys).yesterday") }
        if days < 30 { return catalogue.plural("\(keys).days", count: days) }
        return catalogue.text("\(keys).on", ["day": dates.day(updatedAt, now: now)])
    }
}
