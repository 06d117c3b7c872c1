import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

@Suite("Layouts routes")
struct LayoutsRoutesTests {
    static func tabs(_ page: String) -> [String] {
        Browser.allMatches(of: #"<a class="tab-bar__item[^"]*" href="([^"]+)""#, in: page)
    }

    static func selectedTab(_ page: String) -> [String] {
        Browser.allMatches(of: #"<a class="tab-bar__item is-selected" href="([^"]+)" aria-current="page""#, in: page)
    }

    @Test("each tab has its own page, with the tab bar marking it", arguments: [
        ("/layouts", "id=\"label-3\""), ("/layouts/text", "id=\"reading-title\""), ("/layouts/login", "id=\"login-enter\""),
    ])
    func tabs(path: String, marker: String) async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let response = try await browser.get(path)
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains(marker))
            #expect(Self.tabs(page) == ["/layouts", "/layouts/text", "/layouts/login"])
            #expect(Self.selectedTab(page) == [path])
            #expect(page.contains(#"class="screen screen--tabbed screen--layouts"#))
        }
    }

    @Test("the login screen has placeholder-named fields, a masked password and the keyboard viewport")
    func loginScreen() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let page = try await browser.get("/layouts/login").text
            #expect(page.contains("interactive-widget=resizes-content"))
            #expect(page.contains(#"id="field-login" name="login" type="text""#))
            #expect(page.contains(#"id="field-password" name="password" type="password""#))
            #expect(page.contains(#"placeholder="Login" aria-label="Login""#))
            #expect(page.contains(#"placeholder="Password" aria-label="Password""#))
            #expect(!page.contains("form-cell__error"))
            // Only the login screen changes the viewport for the keyboard.
            #expect(try await !browser.get("/layouts").text.contains("interactive-widget"))
        }
    }

    @Test("Enter with empty fields names each one at the field and keeps the login typed")
    func missingFields() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let both = try await browser.post("/layouts/login", form: [("login", ""), ("password", "")])
            #expect(both.status == .unprocessableContent)
            #expect(Browser.allMatches(of: #"<p class="form-cell__error" id="error-(\w+)">"#, in: both.text) == ["login", "password"])
            #expect(both.text.contains("Enter your login.") && both.text.contains("Enter your password."))

            let password = try await browser.post("/layouts/login", form: [("login", "<Anna>"), ("password", " ")])
            #expect(password.status == .unprocessableContent)
            let page = password.text
            #expect(Browser.allMatches(of: #"<p class="form-cell__error" id="error-(\w+)">"#, in: page) == ["password"])
            #expect(page.contains(#"value="&lt;Anna&gt;""#))
            #expect(page.contains(#"aria-invalid="true" aria-describedby="error-password""#))
            #expect(!page.contains("login-greeting"))
        }
    }

    @Test("Enter with both fields greets the login, in the page's language, never echoing the password")
    func greeting() async throws {
        try await TestDeck().run { client in
            var english = Browser(client)
            let response = try await english.post("/layouts/login", form: [("login", " Anna "), ("password", "hunter2-secret")])
            #expect(response.status == .ok)
            #expect(response.text.contains(#"<p class="lay-login__hello">Hello, Anna!</p>"#))
            #expect(!response.text.contains("hunter2-secret"))
            #expect(!response.text.contains("form-cell__error"))

            var russian = Browser(client, acceptLanguage: "ru")
            let privet = try await russian.post("/layouts/login", form: [("login", "Анна"), ("password", "x")])
            #expect(privet.text.contains("Привет, Анна!"))
        }
    }

    @Test("a login post without the CSRF token is refused")
    func csrf() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let response = try await browser.post("/layouts/login", form: [("login", "a"), ("password", "b")], csrf: false)
            #expect(response.status == .forbidden)
        }
    }

    @Test("the home screen marks Layouts as available")
    func home() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client)
            let page = try await browser.get("/").text
            #expect(page.contains(#"<a class="home__link" href="/layouts">"#))
        }
    }
}
