import Foundation
import WebShell

/// The page: what the type is for, the TSA-5 code, and its result once run.
struct ThreadSafeArrayView {
    let result: (count: Int, elapsed: Duration)?

    func page(_ page: PageContext) -> HTMLPage {
        let title = page.t("tsa.title")
        var document = Document(title: title)
        // Issue 50: "Run the Demo" shows its result in place and moves focus to it.
        document.scripts = ["js/thread-safe-array.js"]
        return document.page(page) {
            NavigationBar.appRoot(title, page, shortTitle: page.t("tsa.titleShort")).html(page)
            HTML.main(.class("content")) {
                HTML.section(.class("list-section")) {
                    HTML.h2(.class("list-section__header")) { page.t("tsa.about.header") }
                    HTML.div(.class("list-section__body prose")) {
                        for number in 1...3 {
                            HTML.p { page.t("tsa.about.p\(number)") }
                        }
                    }
                }
                HTML.section(.class("list-section")) {
                    HTML.h2(.class("list-section__header")) { page.t("tsa.demo.header") }
                    HTML.pre(.class("list-section__body code"), .attr("tabindex", "0"), .attr("role", "region"), .ariaLabel(page.t("tsa.demo.codeLabel"))) {
                        HTML.code { Self.demoCode }
                    }
                    // Without a script the answer opens at the result (issue 50), not at the top.
                    HTML.form(.class("list-section__footer run-demo"), .attr("method", "get"), .attr("action", ThreadSafeArrayPath.page.path + "#" + Self.resultID)) {
                        HTML.button(.class("button button--filled"), .type("submit"), .name("run"), .value("1")) { page.t("tsa.demo.run") }
                        HTML.span(.class("run-demo__activity"), .flag("hidden")) { ActivityIndicator.html(page) }
                    }
                }
                if let result {
                    HTML.section(.class("list-section tsa-result"), .id(Self.resultID), .attr("tabindex", "-1"),
                                 .attr("aria-labelledby", Self.resultID + "-title"), .attr("aria-live", "polite")) {
                        HTML.h2(.class("list-section__header"), .id(Self.resultID + "-title")) { page.t("tsa.result.header") }
                        HTML.ul(.class("list-section__body cells")) {
                            HTML.li(.class("cell cell--value"), .id("tsa-count")) {
                                page.catalogue.text("tsa.result.count", ["count": String(result.count)])
                            }
                            HTML.li(.class("cell cell--value"), .id("tsa-elapsed")) {
                                page.catalogue.text("tsa.result.elapsed", ["ms": String(format: "%.2f", result.elapsed.milliseconds)])
                            }
                        }
                    }
                }
            }
        }
    }

    /// The result's section: the no-script answer's fragment, the script's focus target.
    static let resultID = "tsa-result"

    /// The TSA-5 demo as it runs (`ThreadSafeArrayDemo.run`), shown as text and escaped like any.
    static let demoCode = """
        let array = ThreadSafeArray<Int>()
        let queue = DispatchQueue(label: "demo", attributes: .concurrent)
        let group = DispatchGroup()
        queue.async(group: group) {
            for number in 0...1000 { array.append(number) }
        }
        queue.async(group: group) {
            for number in 0...1000 { array.append(number) }
        }
        group.wait()
        print(array.count) // 2002
        """
}
