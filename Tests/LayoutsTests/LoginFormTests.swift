import Layouts
import Localization
import Testing

@Suite("Login form (LAY-3)")
struct LoginFormTests {
    let english = Catalogues.layouts[.en]
    let russian = Catalogues.layouts[.ru]
    let polish = Catalogues.layouts[.pl]

    @Test("both fields filled greets the login, trimmed")
    func greeting() {
        let outcome = LoginForm(login: "  Anna ", password: "secret").submit()
        #expect(outcome == .greeting(name: "Anna"))
        #expect(outcome.missingFields.isEmpty)
        #expect(outcome.greeting(in: english) == "Hello, Anna!")
        #expect(outcome.greeting(in: russian) == "Привет, Anna!")
        #expect(outcome.greeting(in: polish) == "Cześć, Anna!")
    }

    @Test("an empty field is named, in display order", arguments: [
        ("", "", [LoginField.login, .password]),
        ("", "secret", [LoginField.login]),
        ("anna", "", [LoginField.password]),
        ("   ", " \t", [LoginField.login, .password]),
    ])
    func missing(login: String, password: String, expected: [LoginField]) {
        let outcome = LoginForm(login: login, password: password).submit()
        #expect(outcome == .missing(expected))
        #expect(outcome.missingFields == expected)
        #expect(outcome.greeting(in: english) == nil)
    }

    @Test("a password is not trimmed away when it has more than spaces")
    func passwordWithSpaces() {
        #expect(LoginForm(login: "anna", password: " a ").submit() == .greeting(name: "anna"))
    }

    @Test("messages and placeholders exist in every language")
    func messages() {
        #expect(LoginField.login.missingMessage(in: english) == "Enter your login.")
        #expect(LoginField.password.missingMessage(in: english) == "Enter your password.")
        #expect(LoginField.login.missingMessage(in: russian) == "Введите логин.")
        #expect(LoginField.password.missingMessage(in: polish) == "Wpisz hasło.")
        #expect(LoginField.login.placeholder(in: english) == "Login")
        #expect(LoginField.password.placeholder(in: russian) == "Пароль")
        for catalogue in [english, russian, polish] {
            for field in LoginField.allCases {
                #expect(catalogue.strings[field.missingKey] != nil)
                #expect(catalogue.strings[field.placeholderKey] != nil)
            }
            #expect(catalogue.strings["layouts.login.greeting"]?.contains("{name}") == true)
        }
    }
}
