import Backup
import Foundation
import Hummingbird
import WebShell

/// `/backup/settings`: the backup section on a page of its own, with what a restore brought back
/// (`restored`) or why a file was refused (`error`). A file refused on its way from the Devices
/// screen is told here, with the back item to Devices and the form still carrying where it began.
struct BackupSettingsView {
    let section: BackupSection
    var origin: BackupOrigin = .settings
    var restored: RestoredNotice?
    var error: String?

    func page(_ page: PageContext, status: HTTPResponse.Status = .ok) -> HTMLPage {
        let title = page.t("backup.title")
        var document = Document(title: "\(title) – \(page.t("shell.app.shortName"))")
        document.expectedBytes = 8 * 1024
        return document.page(page, status: status) {
            if origin == .devices {
                NavigationBar(title: title, back: NavigationBar.Back(href: origin.path, label: origin.title(page))).html(page)
            } else {
                NavigationBar.backToHome(title, page).html(page)
            }
            HTML.main(.class("content backup-screen")) {
                section.html(page, origin: origin, restored: restored, error: error)
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
