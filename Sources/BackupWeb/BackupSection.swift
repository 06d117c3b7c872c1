import Backup
import WebShell

/// "Export everything" and "Restore from a backup" as one list section (issue 36), for any
/// screen that shows them: the Devices screen, and `/backup/settings`. After a restore, the
/// screen it was started from shows what came back above them (issue 50).
public struct BackupSection: Sendable {
    /// The deck's apps by id, which a restore's message links to.
    let apps: [String: AppTile]

    public init(tiles: [AppTile]) {
        apps = Dictionary(tiles.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }

    /// What a restore brought back, for the top of the screen it returns to.
    public func notice(_ restored: RestoredNotice, _ page: PageContext) -> HTML {
        restored.html(page, apps: apps)
    }

    /// `origin`: the screen drawing it, which a restore returns to; `restored`: what the last
    /// restore brought back, said first; `error`: why the last chosen file was refused, shown at
    /// the file field.
    public func html(_ page: PageContext, origin: BackupOrigin, restored: RestoredNotice? = nil, error: String? = nil) -> HTML {
        .fragment {
            if let restored { notice(restored, page) }
            HTML.section(.class("list-section"), .attr("aria-labelledby", "backup-export-title")) {
                HTML.h2(.class("list-section__header"), .id("backup-export-title")) { page.t("backup.heading") }
                HTML.ul(.class("cells")) {
                    HTML.li(.class("cell cell--button")) {
                        HTML.a(.class("cell__button"), .href(BackupPath.export.path), .attr("download", ""), .attr("rel", "export-backup")) {
                            page.t("backup.export.label")
                        }
                    }
                }
                HTML.p(.class("list-section__footer")) { page.t("backup.export.footer") }
            }
            HTML.section(.class("list-section"), .attr("aria-labelledby", "backup-restore-title")) {
                HTML.h2(.class("list-section__header"), .id("backup-restore-title")) {
                    page.t(error == nil ? "backup.restore.label" : "backup.error.title")
                }
                HTML.form(.attr("method", "post"), .attr("action", BackupPath.restore.path), .attr("enctype", "multipart/form-data"),
                          .class("backup-restore")) {
                    CSRFInput.html(page)
                    origin.input
                    HTML.ul(.class("cells")) {
                        FilePicker(id: "backup-file", label: page.t("backup.restore.file"), accept: ".json,application/json", error: error).html
                        HTML.li(.class("cell cell--button")) {
                            HTML.button(.class("cell__button"), .type("submit")) { page.t("backup.restore.submit") }
                        }
                    }
                }
                HTML.p(.class("list-section__footer")) { page.t("backup.restore.footer") }
            }
        }
    }
}
