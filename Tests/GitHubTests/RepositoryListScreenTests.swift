import Foundation
import GitHub
import Localization
import Testing

@Suite("Repository list screen (GH-2, GH-4, GH-7)")
struct RepositoryListScreenTests {
    func screen(_ repositories: Loadable<[Repository]>, _ language: Language = .en, timeZone: TimeZone = utc) -> RepositoryListScreen {
        RepositoryListScreen(repositories: repositories, catalogue: catalogue(language), timeZone: timeZone, now: now)
    }

    func row(_ repository: Repository, _ language: Language = .en) throws -> RepositoryListScreen.Row {
        guard case .loaded(let rows) = screen(.loaded([repository]), language).content else {
            Issue.record("not loaded")
            throw CancellationError()
        }
        return try #require(rows.first)
    }

    @Test("loading, empty and failed states in every language", arguments: [
        (Language.en, "Repositories", "Loading repositories…", "No Repositories", "You have no repositories yet.", "Could Not Load Repositories", "Try Again"),
        (.ru, "Репозитории", "Загрузка репозиториев…", "Нет репозиториев", "У вас пока нет ни одного репозитория.", "Не удалось загрузить репозитории", "Повторить"),
        (.pl, "Repozytoria", "Wczytywanie repozytoriów…", "Brak repozytoriów", "Nie masz jeszcze żadnych repozytoriów.", "Nie udało się wczytać repozytoriów", "Spróbuj ponownie"),
    ])
    func states(language: Language, title: String, loading: String, emptyTitle: String, empty: String, failedTitle: String, retry: String) {
        let loadingScreen = screen(.loading, language)
        #expect(loadingScreen.title == title)
        #expect(loadingScreen.content == .loading(loading))
        #expect(loadingScreen.caption == nil)
        #expect(screen(.loaded([]), language).content == .empty(title: emptyTitle, message: empty))
        guard case .failed(let notice) = screen(.failed(.timedOut), language).content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == failedTitle)
        #expect(notice.actionTitle == retry)
        #expect(!notice.requiresSignIn)
        #expect(notice.message == FailureNotice.message(for: .timedOut, catalogue: catalogue(language), timeZone: utc, now: now))
    }

    @Test("a refused token offers sign-in instead of a retry", arguments: [
        (Language.en, "Sign In"), (.ru, "Войти"), (.pl, "Zaloguj się"),
    ])
    func signInAgain(language: Language, action: String) {
        guard case .failed(let notice) = screen(.failed(.badCredentials), language).content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.requiresSignIn)
        #expect(notice.actionTitle == action)
    }

    @Test("a row: name, description, language and its colour, stars, private badge, update time")
    func rowContents() throws {
        let repository = sampleRepository(
            id: 7, name: "AppDeck", description: "Apps", language: "Swift", stars: 1234,
            updatedAt: now.addingTimeInterval(-3 * 86_400), isPrivate: true)
        let row = try row(repository)
        #expect(row.id == 7)
        #expect(row.name == "AppDeck")
        #expect(row.ownerLogin == "octocat")
        #expect(row.description == "Apps")
        #expect(row.language == "Swift")
        #expect(row.languageColor == "#f05138")
        #expect(row.starsText == "1,234")
        #expect(row.starsLabel == "1,234 stars")
        #expect(row.privateBadge == "Private")
        #expect(row.updatedText == "Updated 3 days ago")
        #expect(row.repository == repository)
    }

    @Test("a public repository without language or description")
    func bareRow() throws {
        let row = try row(sampleRepository(description: "", language: nil, stars: 1))
        #expect(row.description == nil)
        #expect(row.language == nil)
        #expect(row.languageColor == nil)
        #expect(row.privateBadge == nil)
        #expect(row.starsLabel == "1 star")
    }

    @Test("an unknown language gets the neutral colour")
    func unknownLanguage() throws {
        #expect(try row(sampleRepository(language: "Brainfuck")).languageColor == LanguageColors.neutral)
    }

    @Test("stars are grouped the language's way and pluralized", arguments: [
        (Language.en, 1234, "1,234", "1,234 stars"), (.en, 1_234_567, "1,234,567", "1,234,567 stars"),
        (.ru, 1234, "1\u{00A0}234", "1\u{00A0}234 звезды"), (.ru, 21, "21", "21 звезда"), (.ru, 5, "5", "5 звёзд"),
        (.ru, 12, "12", "12 звёзд"), (.pl, 1234, "1234", "1234 gwiazdki"), (.pl, 12345, "12\u{00A0}345", "12\u{00A0}345 gwiazdek"),
        (.pl, 1, "1", "1 gwiazdka"), (.pl, 22, "22", "22 gwiazdki"), (.en, 0, "0", "0 stars"),
    ])
    func stars(language: Language, count: Int, text: String, label: String) throws {
        let row = try row(sampleRepository(stars: count), language)
        #expect(row.starsText == text)
        #expect(row.starsLabel == label)
    }

    @Test("private badges", arguments: [(Language.en, "Private"), (.ru, "Приватный"), (.pl, "Prywatne")])
    func privateBadge(language: Language, badge: String) throws {
        #expect(try row(sampleRepository(isPrivate: true), language).privateBadge == badge)
    }

    @Test("update times, with plural forms right in Russian and Polish", arguments: [
        (Language.en, 30.0, "Updated just now"), (.en, 60, "Updated 1 minute ago"), (.en, 5 * 60, "Updated 5 minutes ago"),
        (.en, 3600, "Updated 1 hour ago"), (.en, 3 * 3600, "Updated 3 hours ago"), (.en, 26 * 3600, "Updated yesterday"),
        (.en, 3 * 86_400, "Updated 3 days ago"),
        (.ru, 30, "Обновлено только что"), (.ru, 60, "Обновлено 1 минуту назад"), (.ru, 2 * 60, "Обновлено 2 минуты назад"),
        (.ru, 5 * 60, "Обновлено 5 минут назад"), (.ru, 11 * 60, "Обновлено 11 минут назад"), (.ru, 21 * 60, "Обновлено 21 минуту назад"),
        (.ru, 3600, "Обновлено 1 час назад"), (.ru, 3 * 3600, "Обновлено 3 часа назад"), (.ru, 5 * 3600, "Обновлено 5 часов назад"),
        (.ru, 21 * 3600, "Обновлено 21 час назад"), (.ru, 26 * 3600, "Обновлено вчера"), (.ru, 2 * 86_400, "Обновлено 2 дня назад"),
        (.ru, 5 * 86_400, "Обновлено 5 дней назад"), (.ru, 21 * 86_400, "Обновлено 21 день назад"), (.ru, 22 * 86_400, "Обновлено 22 дня назад"),
        (.pl, 30, "Zaktualizowano przed chwilą"), (.pl, 60, "Zaktualizowano 1 minutę temu"), (.pl, 2 * 60, "Zaktualizowano 2 minuty temu"),
        (.pl, 5 * 60, "Zaktualizowano 5 minut temu"), (.pl, 12 * 60, "Zaktualizowano 12 minut temu"), (.pl, 22 * 60, "Zaktualizowano 22 minuty temu"),
        (.pl, 3600, "Zaktualizowano 1 godzinę temu"), (.pl, 4 * 3600, "Zaktualizowano 4 godziny temu"), (.pl, 12 * 3600, "Zaktualizowano 12 godzin temu"),
        (.pl, 26 * 3600, "Zaktualizowano wczoraj"), (.pl, 2 * 86_400, "Zaktualizowano 2 dni temu"), (.pl, 5 * 86_400, "Zaktualizowano 5 dni temu"),
    ] as [(Language, TimeInterval, String)])
    func updated(language: Language, ago: TimeInterval, expected: String) throws {
        #expect(try row(sampleRepository(updatedAt: now.addingTimeInterval(-ago)), language).updatedText == expected)
    }

    @Test("older updates name the day, with the year when it is another", arguments: [
        (Language.en, "2025-01-20T10:00:00Z", "Updated on January 20"), (.ru, "2025-01-20T10:00:00Z", "Обновлено 20 января"),
        (.pl, "2025-01-20T10:00:00Z", "Zaktualizowano 20 stycznia"), (.en, "2024-11-05T10:00:00Z", "Updated on November 5, 2024"),
        (.ru, "2024-11-05T10:00:00Z", "Обновлено 5 ноября 2024 г."), (.pl, "2024-11-05T10:00:00Z", "Zaktualizowano 5 listopada 2024"),
    ])
    func olderUpdates(language: Language, updatedAt: String, expected: String) throws {
        #expect(try row(sampleRepository(updatedAt: date(updatedAt)), language).updatedText == expected)
    }

    @Test("'yesterday' is a calendar day in the person's time zone")
    func yesterdayInTimeZone() throws {
        // 22:30 UTC on the 9th is already the 10th in Vladivostok (UTC+10), "today" there at 22:00 on the 10th.
        let repository = sampleRepository(updatedAt: date("2025-03-09T22:30:00Z"))
        let later = date("2025-03-10T12:00:00Z")
        let vladivostok = TimeZone(identifier: "Asia/Vladivostok")!
        let inUTC = RepositoryListScreen(repositories: .loaded([repository]), catalogue: catalogue(.en), timeZone: utc, now: later)
        let inVladivostok = RepositoryListScreen(repositories: .loaded([repository]), catalogue: catalogue(.en), timeZone: vladivostok, now: later)
        guard case .loaded(let utcRows) = inUTC.content, case .loaded(let farRows) = inVladivostok.content else {
            Issue.record("not loaded")
            return
        }
        #expect(utcRows[0].updatedText == "Updated 13 hours ago")
        #expect(farRows[0].updatedText == "Updated 13 hours ago")
        let older = sampleRepository(updatedAt: date("2025-03-08T15:00:00Z"))  // 45 hours before
        let a = RepositoryListScreen(repositories: .loaded([older]), catalogue: catalogue(.en), timeZone: utc, now: later)
        let b = RepositoryListScreen(repositories: .loaded([older]), catalogue: catalogue(.en), timeZone: vladivostok, now: later)
        guard case .loaded(let aRows) = a.content, case .loaded(let bRows) = b.content else { return }
        #expect(aRows[0].updatedText == "Updated 2 days ago")  // the 8th → the 10th in UTC
        #expect(bRows[0].updatedText == "Updated yesterday")  // 01:00 on the 9th → 22:00 on the 10th
    }

    @Test("the caption counts the rows", arguments: [
        (Language.en, 10, "Your 10 most recently updated repositories"), (.en, 1, "Your most recently updated repository"),
        (.ru, 10, "10 недавно обновлённых репозиториев"), (.ru, 3, "3 недавно обновлённых репозитория"),
        (.ru, 1, "1 недавно обновлённый репозиторий"), (.pl, 3, "3 ostatnio zaktualizowane repozytoria"),
        (.pl, 10, "10 ostatnio zaktualizowanych repozytoriów"), (.pl, 1, "1 ostatnio zaktualizowane repozytorium"),
    ])
    func caption(language: Language, count: Int, expected: String) {
        let list = (1...count).map { sampleRepository(id: $0) }
        #expect(screen(.loaded(list), language).caption == expected)
    }

    @Test("sign out in every language", arguments: [(Language.en, "Sign Out"), (.ru, "Выйти"), (.pl, "Wyloguj się")])
    func signOut(language: Language, title: String) {
        #expect(screen(.loading, language).signOutTitle == title)
    }
}
