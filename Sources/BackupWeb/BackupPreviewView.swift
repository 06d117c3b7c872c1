import Backup
import WebShell

/// What a chosen backup holds, before anything changes: its day, its counts per app, and the
/// confirmation, whose form carries the file sealed (`CarriedUpload`).
struct BackupPreviewView {
    let file: BackupFile
    let counts: [BackupCount]
    let sealed: String
    /// The screen the restore began on: Cancel and the back item return there, and so does the restore.
    let origin: BackupOrigin

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("backup.preview.title")
        var document = Document(title: "\(title) – \(page.t("shell.app.shortName"))")
        document.expectedBytes = sealed.utf8.count + 8 * 1024
        let back = NavigationBar.Back(href: origin.path, label: origin.title(page))
        return document.page(page) {
            NavigationBar(title: title, back: back, shortTitle: page.t("backup.title")).html(page)
            HTML.main(.class("content backup-screen")) {
                HTML.section(.class("list-section"), .attr("aria-labelledby", "backup-preview-holds")) {
                    HTML.h2(.class("list-section__header"), .id("backup-preview-holds")) {
                        page.catalogue.text("backup.preview.from", ["date": file.exportedDay(in: page.catalogue)])
                    }
                    HTML.ul(.class("cells summary-list"), .ariaLabel(page.t("backup.preview.holds"))) {
                        for count in counts {
                            HTML.li(.class("cell"), .attr("data-count", count.key)) {
                                page.catalogue.plural("backup.count.\(count.key)", count: count.count, ["number": page.language.grouped(count.count)])
                            }
                        }
                    }
                    HTML.p(.class("list-section__footer")) { page.t("backup.preview.replaces") }
                }
                HTML.form(.attr("method", "post"), .attr("action", BackupPath.confirm.path), .attr("enctype", "multipart/form-data"),
                          .class("form-actions")) {
                    CSRFInput.html(page)
                    HTML.input(.type("hidden"), .name("backup"), .value(sealed))
                    origin.input
                    HTML.a(.class("button"), .href(origin.path)) { page.t("backup.preview.cancel") }
                    HTML.button(.class("button button--filled button--destructive"), .type("submit")) { page.t("backup.preview.confirm") }
                }
            }
        }
    }
}
