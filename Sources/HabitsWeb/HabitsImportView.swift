import Habits
import Hummingbird
import WebShell

/// The import screens (issue 36): choose a file (with why the last one was refused), the preview
/// of what it adds and what MyHabits cannot keep, and the result.
struct HabitsImportView {
    enum State {
        case choose(error: String?)
        case preview(HabitImport, sealed: String)
        case result(HabitsImportResult)
    }

    let state: State

    func page(_ page: PageContext, status: HTTPResponse.Status = .ok) -> HTMLPage {
        let title: String
        switch state {
        case .choose: title = page.t("habits.import.title")
        case .preview: title = page.t("habits.import.preview.title")
        case .result: title = page.t("habits.import.result.title")
        }
        var document = HabitsFrame.document(title: "\(title) – \(page.t("habits.appName"))", page, colors: nil, withScript: false)
        if case .preview(_, let sealed) = state { document.expectedBytes = sealed.utf8.count + 16 * 1024 }
        let back = NavigationBar.Back(href: HabitsPath.list.path, label: page.t("habits.today"))
        return document.page(page, status: status) {
            NavigationBar(title: title, back: back, shortTitle: page.t("habits.import.title")).html(page)
            HTML.main(.class("content habits-import")) {
                switch state {
                case .choose(let error): choose(page, error: error)
                case .preview(let imported, let sealed): preview(page, imported, sealed: sealed)
                case .result(let result): self.result(page, result)
                }
            }
            HabitsFrame.tabBar(selected: .habits, page)
        }
    }

    private func choose(_ page: PageContext, error: String?) -> HTML {
        HTML.section(.class("list-section"), .attr("aria-labelledby", "habits-import-title")) {
            HTML.h2(.class("list-section__header"), .id("habits-import-title")) {
                page.t(error == nil ? "habits.import.heading" : "habits.import.errorTitle")
            }
            HTML.form(.attr("method", "post"), .attr("action", HabitsPath.importFile.path), .attr("enctype", "multipart/form-data")) {
                CSRFInput.html(page)
                HTML.ul(.class("cells")) {
                    FilePicker(id: "habits-import-file", label: page.t("habits.import.file"), accept: ".zip,.csv,application/zip,text/csv", error: error).html
                    HTML.li(.class("cell cell--button")) {
                        HTML.button(.class("cell__button"), .type("submit")) { page.t("habits.import.submit") }
                    }
                }
            }
            HTML.p(.class("list-section__footer")) { page.t("habits.import.intro") }
        }
    }

    private func preview(_ page: PageContext, _ imported: HabitImport, sealed: String) -> HTML {
        .fragment {
            HTML.section(.class("list-section"), .attr("aria-labelledby", "habits-import-adds")) {
                HTML.h2(.class("list-section__header"), .id("habits-import-adds")) {
                    page.catalogue.text("habits.import.from", ["source": page.t("habits.import.source.\(imported.source.rawValue)")])
                }
                HTML.p(.class("cells prose habits-import__summary")) { imported.summary(in: page.catalogue) }
                renamed(page, imported)
            }
            losses(page, imported.losses)
            HTML.form(.attr("method", "post"), .attr("action", HabitsPath.importConfirm.path), .attr("enctype", "multipart/form-data"),
                      .class("form-actions")) {
                CSRFInput.html(page)
                HTML.input(.type("hidden"), .name("file"), .value(sealed))
                HTML.a(.class("button"), .href(HabitsPath.importFile.path)) { page.t("habits.import.cancel") }
                HTML.button(.class("button button--filled"), .type("submit")) { page.t("habits.import.confirm") }
            }
        }
    }

    private func renamed(_ page: PageContext, _ imported: HabitImport) -> HTML {
        let renamed = imported.habits.filter { $0.fields.name != $0.originalName }
        guard !renamed.isEmpty else { return .empty }
        return HTML.ul(.class("cells habits-import__renamed"), .ariaLabel(page.t("habits.import.renamedLabel"))) {
            for habit in renamed {
                HTML.li(.class("cell")) {
                    page.catalogue.text("habits.import.renamed", ["original": habit.originalName, "name": habit.fields.name])
                }
            }
        }
    }

    private func losses(_ page: PageContext, _ losses: ImportLosses) -> HTML {
        let lines = losses.lines(in: page.catalogue)
        guard !lines.isEmpty else { return .empty }
        return HTML.section(.class("list-section"), .attr("aria-labelledby", "habits-import-lost")) {
            HTML.h2(.class("list-section__header"), .id("habits-import-lost")) { page.t("habits.import.lost.title") }
            HTML.ul(.class("cells")) {
                for line in lines { HTML.li(.class("cell")) { line } }
            }
        }
    }

    private func result(_ page: PageContext, _ result: HabitsImportResult) -> HTML {
        .fragment {
            HTML.section(.class("list-section")) {
                HTML.p(.class("cells prose habits-import__summary"), .attr("role", "status")) {
                    page.catalogue.text("habits.import.added", [
                        "habits": page.catalogue.plural("habits.import.habitCount", count: result.habits),
                        "days": page.catalogue.plural("habits.import.dayCount", count: result.days),
                    ])
                }
            }
            losses(page, result.losses)
            HTML.div(.class("form-actions")) {
                HTML.a(.class("button button--filled"), .href(HabitsPath.list.path)) { page.t("habits.import.toList") }
            }
        }
    }
}
