import Backup
import Foundation
import Hummingbird
import WebShell

/// `/backup/settings`: the backup section on a page of its own, with the result of a restore
/// (`restoredDay`) or why a file was refused (`error`).
struct BackupSettingsView {
    let restoredDay: String?
    let error: String?

    func page(_ page: PageContext, status: HTTPResponse.Status = .ok) -> HTMLPage {
        let title = page.t("backup.title")
        var document = Document(title: "\(title) – \(page.t("shell.app.shortName"))")
        document.expectedBytes = 8 * 1024
        return document.page(page, status: status) {
            NavigationBar.backToHome(title, page).html(page)
            HTML.main(.class("content backup-screen")) {
                if let restoredDay {
                    HTML.section(.class("list-section")) {
                        HTML.p(.class("cells prose backup-result"), .attr("role", "status")) {
                            page.catalogue.text("backup.restored", ["date": BackupDay.long(restoredDay, page)])
                        }
                    }
                }
                BackupSection.html(page, error: error)
            }
        }
    }
}

/// A backup's day as the language writes a date.
enum BackupDay {
    static func long(_ day: String, _ page: PageContext) -> String {
        BackupFile(exportedAt: Date(), day: day, timeZone: nil, sections: [:]).exportedDay(in: page.catalogue)
    }
}
