import Foundation
import GitHub
import Localization
import Testing

@Suite("Repository detail screen (GH-3, GH-4, GH-7)")
struct RepositoryDetailScreenTests {
    let repository = sampleRepository(name: "AppDeck", stars: 2648, forks: 2461)

    func screen(
        details: Loadable<RepositoryDetails>, readme: Loadable<Readme?> = .loading, _ language: Language = .en
    ) -> RepositoryDetailScreen {
        RepositoryDetailScreen(
            repository: repository, details: details, readme: readme, catalogue: catalogue(language), timeZone: utc, now: now)
    }

    func loaded(_ details: RepositoryDetails, _ language: Language = .en) throws -> RepositoryDetailScreen.Details {
        guard case .loaded(let loaded) = screen(details: .loaded(details), language).content else {
            Issue.record("not loaded")
            throw CancellationError()
        }
        return loaded
    }

    @Test("while loading, the title is the repository the list handed over", arguments: [
        (Language.en, "Loading repository…", "Loading README…", "Repositories"),
        (.ru, "Загрузка репозитория…", "Загрузка README…", "Репозитории"),
        (.pl, "Wczytywanie repozytorium…", "Wczytywanie README…", "Repozytoria"),
    ])
    func loading(language: Language, loading: String, readmeLoading: String, back: String) {
        let screen = screen(details: .loading, language)
        #expect(screen.title == "AppDeck")
        #expect(screen.backTitle == back)
        #expect(screen.readmeTitle == "README")
        #expect(screen.content == .loading(loading))
        #expect(screen.readme == .loading(readmeLoading))
    }

    @Test("forks, stars and watchers: watchers are subscribers, not the stars alias")
    func stats() throws {
        let details = try loaded(sampleDetails(repository, subscribers: 1729))
        #expect(details.stats.map(\.kind) == [.forks, .stars, .watchers])
        #expect(details.stats.map(\.label) == ["Forks", "Stars", "Watchers"])
        #expect(details.stats.map(\.value) == ["2,461", "2,648", "1,729"])
        #expect(details.stats.map(\.count) == [2461, 2648, 1729])
        #expect(details.stats.map(\.accessibilityLabel) == ["2,461 forks", "2,648 stars", "1,729 watchers"])
    }

    @Test("stat labels and counts in Russian and Polish", arguments: [
        (Language.ru, ["Форки", "Звёзды", "Наблюдатели"], 1, ["1 форк", "1 звезда", "1 наблюдатель"]),
        (.ru, ["Форки", "Звёзды", "Наблюдатели"], 3, ["3 форка", "3 звезды", "3 наблюдателя"]),
        (.ru, ["Форки", "Звёзды", "Наблюдатели"], 25, ["25 форков", "25 звёзд", "25 наблюдателей"]),
        (.pl, ["Forki", "Gwiazdki", "Obserwujący"], 1, ["1 fork", "1 gwiazdka", "1 obserwujący"]),
        (.pl, ["Forki", "Gwiazdki", "Obserwujący"], 3, ["3 forki", "3 gwiazdki", "3 obserwujących"]),
        (.pl, ["Forki", "Gwiazdki", "Obserwujący"], 25, ["25 forków", "25 gwiazdek", "25 obserwujących"]),
    ])
    func translatedStats(language: Language, labels: [String], count: Int, accessible: [String]) throws {
        let details = try loaded(sampleDetails(sampleRepository(stars: count, forks: count), subscribers: count), language)
        #expect(details.stats.map(\.label) == labels)
        #expect(details.stats.map(\.accessibilityLabel) == accessible)
    }

    @Test("the web link goes to the repository's page")
    func webLink() throws {
        let details = try loaded(sampleDetails(repository))
        #expect(details.webLink.url.absoluteString == "https://github.com/octocat/AppDeck")
        #expect(details.webLink.title == "Open on GitHub")
        #expect(details.fullName == "octocat/AppDeck")
        #expect(details.description == "iPhone apps on Linux")
        #expect(details.updatedText == "Updated just now")
    }

    @Test("licences: named, unidentified, none", arguments: [
        (Language.en, License(name: "MIT License", spdxId: "MIT") as License?, "License", "MIT License"),
        (.en, License(name: "Other", spdxId: "NOASSERTION"), "License", "Other license"),
        (.en, nil, "License", "No license"),
        (.ru, License(name: "Apache License 2.0", spdxId: "Apache-2.0"), "Лицензия", "Apache License 2.0"),
        (.ru, License(name: "Other", spdxId: "NOASSERTION"), "Лицензия", "Другая лицензия"),
        (.ru, nil, "Лицензия", "Без лицензии"),
        (.pl, License(name: "Other", spdxId: "NOASSERTION"), "Licencja", "Inna licencja"),
        (.pl, nil, "Licencja", "Brak licencji"),
    ])
    func licence(language: Language, license: License?, label: String, text: String) throws {
        let details = try loaded(sampleDetails(repository, license: license), language)
        #expect(details.licenseLabel == label)
        #expect(details.licenseText == text)
        #expect(details.hasLicense == (license != nil))
    }

    @Test("the README: Markdown, none, failed", arguments: [
        (Language.en, "This repository has no README.", "Could Not Load README"),
        (.ru, "В этом репозитории нет README.", "Не удалось загрузить README"),
        (.pl, "To repozytorium nie ma pliku README.", "Nie udało się wczytać README"),
    ])
    func readme(language: Language, none: String, failedTitle: String) {
        let file = Readme(text: "# AppDeck\n\n<script>alert(1)</script>", path: "docs/README.md", htmlURL: nil, downloadURL: nil)
        #expect(screen(details: .loading, readme: .loaded(file), language).readme == .markdown(file.text, path: "docs/README.md"))
        #expect(screen(details: .loading, readme: .loaded(nil), language).readme == .none(none))
        guard case .failed(let notice) = screen(details: .loading, readme: .failed(.offline), language).readme else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == failedTitle)
        #expect(!notice.requiresSignIn)
    }

    @Test("a failed repository keeps the title and offers a retry, or sign-in when the token is refused", arguments: [
        (Language.en, "Could Not Load Repository", "Try Again", "Sign In"),
        (.ru, "Не удалось загрузить репозиторий", "Повторить", "Войти"),
        (.pl, "Nie udało się wczytać repozytorium", "Spróbuj ponownie", "Zaloguj się"),
    ])
    func failed(language: Language, title: String, retry: String, signIn: String) {
        let notFound = screen(details: .failed(.notFound), language)
        #expect(notFound.title == "AppDeck")
        guard case .failed(let notice) = notFound.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == title)
        #expect(notice.actionTitle == retry)
        #expect(notice.message == FailureNotice.message(for: .notFound, catalogue: catalogue(language), timeZone: utc, now: now))
        guard case .failed(let refused) = screen(details: .failed(.badCredentials), language).content else {
            Issue.record("not failed")
            return
        }
        #expect(refused.requiresSignIn)
        #expect(refused.actionTitle == signIn)
    }

    @Test("opened without the list's repository, the title comes with the details")
    func withoutRepository() {
        let screen = RepositoryDetailScreen(
            repository: nil, details: .loaded(sampleDetails(repository)), readme: .loaded(nil), catalogue: catalogue(.en),
            timeZone: utc, now: now)
        #expect(screen.title == "AppDeck")
    }

    @Test("\"Open on GitHub\" goes to github.com only: any other html_url is rebuilt from owner and name", arguments: [
        "javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "//evil.example/x", "http://github.com/octocat/AppDeck",
        "https://github.com.evil.example/octocat/AppDeck", "https://user@github.com/octocat/AppDeck",
        "https://github.com:8443/octocat/AppDeck", "https://evil.example/octocat/AppDeck",
    ])
    func webLinkFromUpstream(htmlURL: String) throws {
        let hostile = sampleRepository(name: "AppDeck", htmlURL: URL(string: htmlURL))
        let details = try loaded(sampleDetails(hostile))
        #expect(details.webLink.url.absoluteString == "https://github.com/octocat/AppDeck")
        let kept = try loaded(sampleDetails(sampleRepository(name: "AppDeck", htmlURL: URL(string: "https://github.com/octo-org/app.deck"))))
        #expect(kept.webLink.url.absoluteString == "https://github.com/octo-org/app.deck")
    }

    @Test("a rebuilt link escapes an owner or name that is not a plain path segment")
    func rebuiltLinkIsEscaped() {
        let url = GitHubWebAddress.repositoryPage(htmlURL: nil, owner: "a/../b", name: "x?y#z")
        #expect(url.absoluteString == "https://github.com/a%2F..%2Fb/x%3Fy%23z")
    }
}
