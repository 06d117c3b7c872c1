import Backup
import WebShell

/// What a restore brought back, said on the screen it returns to (issue 50): the backup's day, then
/// each app with what it holds now, a cell that opens the app. It travels in the landing page's
/// query (`restored=2026-11-30&counts=cars-12-cars.days-300-habits.settings-2`: each count's key,
/// number and app), so the redirect needs no state.
public struct RestoredNotice: Sendable, Equatable {
    /// The backup's day (`2026-11-30`).
    let day: String
    /// What it held, in the preview's order; only counts above zero.
    let counts: [BackupCount]

    /// The message's element, first on the landing page's content.
    static let anchor = "backup-restored"

    init(day: String, counts: [BackupCount]) {
        self.day = day
        self.counts = counts.filter { $0.count > 0 }
    }

    /// The notice a landing page's query asks for; nil when it asks for none or the day is no day.
    /// Counts that are not `key-number` or `key-number-app` are left out.
    public init?(query: (String) -> String?) {
        guard let day = query("restored"), BackupFile.isDay(day) else { return nil }
        let counts = (query("counts") ?? "").split(separator: ".").prefix(16).compactMap { item -> BackupCount? in
            let parts = item.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 2 || parts.count == 3, let count = Int(parts[1]), count > 0,
                  Self.isName(parts[0]), parts.count == 2 || Self.isName(parts[2]) else { return nil }
            return BackupCount(key: String(parts[0]), count: count, app: parts.count == 3 ? String(parts[2]) : nil)
        }
        self.init(day: day, counts: counts)
    }

    private static func isName(_ text: Substring) -> Bool {
        (1...24).contains(text.count) && text.allSatisfy { $0.isASCII && $0.isLetter }
    }

    var query: KeyValuePairs<String, String?> {
        let counts = counts.map { count in ["\(count.key)", "\(count.count)", count.app].compactMap { $0 }.joined(separator: "-") }
        return ["restored": day, "counts": counts.isEmpty ? nil : counts.joined(separator: ".")]
    }

    /// The message, with a cell per app that shows what came back (`apps`: the deck's, by id; a count
    /// of no app, settings, is a plain cell). Counts of one app share its cell.
    func html(_ page: PageContext, apps: [String: AppTile]) -> HTML {
        let groups = grouped(apps: apps)
        return HTML.section(.class("list-section restored"), .id(Self.anchor), .attr("aria-labelledby", "backup-restored-title")) {
            HTML.h2(.class("list-section__header"), .id("backup-restored-title")) { page.t("backup.restoredTitle") }
            HTML.ul(.class("cells")) {
                HTML.li(.class("cell backup-result")) {
                    HTML.span(.attr("role", "status")) { page.catalogue.text("backup.restored", ["date": BackupDay.long(day, page)]) }
                }
                for group in groups {
                    let text = group.counts.map { count in
                        page.catalogue.plural("backup.count.\(count.key)", count: count.count, ["number": page.language.grouped(count.count)])
                    }.joined(separator: ", ")
                    if let tile = group.tile {
                        HTML.li(.class("cell cell--disclosure"), .attr("data-restored", tile.id)) {
                            HTML.a(.class("cell__disclosure"), .href(tile.path)) {
                                HTML.span(.class("cell__title")) { page.t(tile.nameKey) }
                                HTML.span(.class("cell__subtitle")) { text }
                            }
                        }
                    } else {
                        // Alone in its cell, the phrase starts as a sentence does ("1 app's settings" stays).
                        HTML.li(.class("cell"), .attr("data-restored", group.counts.first?.key ?? "")) { text.prefix(1).uppercased() + text.dropFirst() }
                    }
                }
            }
        }
    }

    /// The counts by the app that shows them, in order of first appearance.
    private func grouped(apps: [String: AppTile]) -> [(tile: AppTile?, counts: [BackupCount])] {
        var groups: [(tile: AppTile?, counts: [BackupCount])] = []
        for count in counts {
            let tile = count.app.flatMap { apps[$0] }
            if let tile, let index = groups.firstIndex(where: { $0.tile?.id == tile.id }) {
                groups[index].counts.append(count)
            } else {
                groups.append((tile, [count]))
            }
        }
        return groups
    }
}
