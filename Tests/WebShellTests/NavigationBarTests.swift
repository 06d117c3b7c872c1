import Localization
import Testing
@testable import WebShell

@Suite("Navigation bar")
struct NavigationBarTests {
    static func page(_ language: Language) -> PageContext {
        PageContext(catalogue: Catalogues.shell[language], language: language, languageIsChosen: true,
                    csrfToken: "token", assets: AssetCatalog(version: "v", assets: [:]))
    }

    @Test("the back item carries the previous title and \"Back\", shows \"Back\" until measured, and names the previous screen")
    func backItemHasEveryForm() {
        let bar = NavigationBar(title: "Пить воду", back: .init(href: "/habits", label: "Сегодня")).html(Self.page(.ru)).rendered()
        #expect(bar.hasPrefix(#"<header class="nav-bar" data-back-form="generic">"#))
        #expect(bar.contains(#"<a class="nav-bar__back" href="/habits" aria-label="Назад: Сегодня">"#))
        #expect(bar.contains(#"<span class="nav-bar__back-label">Сегодня</span><span class="nav-bar__back-generic">Назад</span>"#))
        #expect(bar.contains(#"<h1 class="nav-bar__title">Пить воду</h1>"#))
    }

    @Test("a bar without a way back has no back form to choose")
    func noBackNoForm() {
        let bar = NavigationBar(title: "AppDeck", back: nil).html(Self.page(.pl)).rendered()
        #expect(bar.hasPrefix(#"<header class="nav-bar">"#))
        #expect(!bar.contains("nav-bar__back"))
    }

    @Test("a text action keeps its label; a plus is drawn, named by its label")
    func actions() {
        let edit = NavigationBar(title: "x", back: nil, action: .init(href: "/e", label: "Править")).html(Self.page(.ru)).rendered()
        #expect(edit.contains(#"<a class="nav-bar__action" href="/e" aria-label="Править">Править</a>"#))
        let add = NavigationBar(title: "x", back: nil, action: .init(href: "/n", label: "Add", isPlus: true)).html(Self.page(.en)).rendered()
        #expect(add.contains(#"aria-label="Add"><span class="icon-plus" aria-hidden="true"></span></a>"#))
    }
}
