import Backup
import WebShell

/// "Export everything" and "Restore from a backup" as one list section (issue 36), for any
/// screen that shows them: the Devices screen, and `/backup/settings` until it does.
public enum BackupSection {
    /// `error`: why the last chosen file was refused, shown at the file field.
    public static func html(_ page: PageContext, error: String? = nil) -> HTML {
        .fragment {
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
