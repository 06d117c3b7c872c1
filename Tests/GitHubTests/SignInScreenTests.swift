import Foundation
import GitHub
import Localization
import Testing

@Suite("Sign-in screen (GH-1, GH-4, GH-7)")
struct SignInScreenTests {
    @Test("English: field, button, and help naming the scopes, the permissions and where to make a token")
    func english() {
        let screen = SignInScreen(catalogue: catalogue(.en), timeZone: utc, now: now)
        #expect(screen.title == "Sign In")
        #expect(screen.fieldLabel == "Personal access token")
        #expect(screen.buttonTitle == "Sign In")
        #expect(screen.error == nil)
        let help = screen.help.joined(separator: "\n")
        for needle in ["repo scope", "public_repo", "no scope", "Metadata", "Contents", "read-only", "Personal access tokens", "encrypted"] {
            #expect(help.contains(needle), "\(needle)")
        }
        #expect(screen.tokenSettingsLink.url.absoluteString == "https://github.com/settings/tokens")
        #expect(screen.tokenSettingsLink.title == "Open Token Settings on GitHub")
    }

    @Test("Russian and Polish", arguments: [
        (Language.ru, "Вход", "Персональный токен доступа", "Войти", "Открыть настройки токенов на GitHub"),
        (.pl, "Logowanie", "Osobisty token dostępu", "Zaloguj się", "Otwórz ustawienia tokenów na GitHubie"),
    ])
    func translated(language: Language, title: String, field: String, button: String, link: String) {
        let screen = SignInScreen(catalogue: catalogue(language), timeZone: utc, now: now)
        #expect(screen.title == title)
        #expect(screen.fieldLabel == field)
        #expect(screen.buttonTitle == button)
        #expect(screen.tokenSettingsLink.title == link)
        let help = screen.help.joined(separator: "\n")
        for needle in ["repo", "public_repo", "Metadata", "Contents", "fine-grained"] {
            #expect(help.contains(needle), "\(needle)")
        }
    }

    @Test("the message for each failure", arguments: [
        (GitHubFailure.malformedToken(.empty), Language.en, "Enter a personal access token."),
        (.malformedToken(.containsSpaces), .ru, "В токене не бывает пробелов. Вставьте его ещё раз без пробелов и переносов строк."),
        (.malformedToken(.unrecognised), .pl, "To nie jest token GitHuba. Tokeny klasyczne zaczynają się od ghp_, a szczegółowe od github_pat_."),
        (.badCredentials, .en, "GitHub did not accept the token: it may be mistyped, expired or revoked. Sign in with a valid token."),
        (.badCredentials, .ru, "GitHub не принял токен: возможно, он введён с ошибкой, истёк или был отозван. Войдите с действующим токеном."),
        (.offline, .pl, "Brak połączenia z GitHubem. Sprawdź sieć i spróbuj ponownie."),
        (.server(status: 502), .en, "GitHub has a problem (error 502). Try again later."),
        (.server(status: 503), .ru, "Ошибка на стороне GitHub (код 503). Попробуйте позже."),
        (.rateLimited(resetsAt: nil), .pl, "Wyczerpano limit zapytań do GitHuba. Spróbuj ponownie później."),
    ])
    func messages(failure: GitHubFailure, language: Language, expected: String) {
        let screen = SignInScreen(failure: failure, catalogue: catalogue(language), timeZone: utc, now: now)
        #expect(screen.error?.message == expected)
    }

    @Test("the rate-limit message says when it resets, in the person's time zone", arguments: [
        (Language.en, utc, "GitHub’s request limit is used up. Try again after 12:35 PM."),
        (.en, warsaw, "GitHub’s request limit is used up. Try again after 1:35 PM."),
        (.ru, warsaw, "Лимит запросов к GitHub исчерпан. Попробуйте снова после 13:35."),
        (.pl, warsaw, "Wyczerpano limit zapytań do GitHuba. Spróbuj ponownie po 13:35."),
        (.ru, TimeZone(identifier: "Asia/Vladivostok")!, "Лимит запросов к GitHub исчерпан. Попробуйте снова после 22:35."),
    ])
    func rateLimitToday(language: Language, timeZone: TimeZone, expected: String) {
        let failure = GitHubFailure.rateLimited(resetsAt: now.addingTimeInterval(35 * 60))
        #expect(SignInScreen(failure: failure, catalogue: catalogue(language), timeZone: timeZone, now: now).error?.message == expected)
    }

    @Test("a reset on another day in the person's time zone names the day", arguments: [
        (Language.en, "GitHub’s request limit is used up. Try again after March 11 at 12:10 AM."),
        (.ru, "Лимит запросов к GitHub исчерпан. Попробуйте снова после 11 марта в 00:10."),
        (.pl, "Wyczerpano limit zapytań do GitHuba. Spróbuj ponownie po 11 marca o 00:10."),
    ])
    func rateLimitTomorrow(language: Language, expected: String) {
        // 22:50 UTC is 23:50 in Warsaw; the reset at 23:10 UTC is 00:10 the next day there.
        let lateNow = date("2025-03-10T22:50:00Z")
        let failure = GitHubFailure.rateLimited(resetsAt: date("2025-03-10T23:10:00Z"))
        let screen = SignInScreen(failure: failure, catalogue: catalogue(language), timeZone: warsaw, now: lateNow)
        #expect(screen.error?.message == expected)
    }

    @Test("a reset time already past says only to try later")
    func rateLimitPast() {
        let failure = GitHubFailure.rateLimited(resetsAt: now.addingTimeInterval(-5))
        let screen = SignInScreen(failure: failure, catalogue: catalogue(.en), timeZone: utc, now: now)
        #expect(screen.error?.message == "GitHub’s request limit is used up. Try again later.")
    }

    @Test("every failure has a message from the catalogue in every language", arguments: Language.allCases)
    func everyFailure(language: Language) {
        var messages: Set<String> = []
        for failure in allFailures {
            let notice = try! #require(SignInScreen(failure: failure, catalogue: catalogue(language), timeZone: utc, now: now).error)
            #expect(!notice.message.hasPrefix("github."), "\(failure)")
            #expect(!notice.message.contains("{"), "\(failure)")
            #expect(!notice.title.hasPrefix("github."))
            #expect(!notice.actionTitle.hasPrefix("github."))
            #expect(notice.requiresSignIn == failure.requiresSignIn)
            messages.insert(notice.message)
        }
        #expect(messages.count == allFailures.count)
    }
}
