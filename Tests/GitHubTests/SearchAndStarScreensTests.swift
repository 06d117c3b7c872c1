import Foundation
import GitHub
import Localization
import TestDoubles
import Testing

/// Search and stars in the core (issue 49): search's states (a prompt, results as the list's
/// rows, no match, an invalid query, its own rate limit) and the star's (a button, or why not).
@Suite("Search and star screens (issue 49)")
struct SearchAndStarScreensTests {
    func search(_ results: Loadable<RepositorySearch>?, _ language: Language = .en) -> RepositorySearchScreen {
        RepositorySearchScreen(query: "swift stars:>100", results: results, catalogue: catalogue(language), timeZone: utc, now: now)
    }

    @Test("results: the count spelled out, the list's rows, a note when GitHub stopped early")
    func results() {
        let found = RepositorySearch(totalCount: 1234, isIncomplete: true, items: [sampleRepository(id: 7, name: "hello", owner: "octo")])
        guard case .loaded(let caption, let rows, let note) = search(.loaded(found), .ru).content else {
            Issue.record("not loaded")
            return
        }
        #expect(caption == "1\u{00A0}234 репозитория")
        #expect(rows.map(\.id) == [7])
        #expect(note == "GitHub прервал поиск раньше времени: результатов может быть больше.")
    }

    @Test("no query is a prompt; no match, a 422 and the rate limit each say what happened")
    func states() {
        guard case .prompt = search(nil).content else {
            Issue.record("no prompt")
            return
        }
        #expect(search(.loaded(RepositorySearch(totalCount: 0, items: []))).content
            == .empty(title: "No Results", message: "No repositories match “swift stars:>100”."))
        guard case .invalid(let title, _) = search(.failed(.server(status: 422)), .pl).content else {
            Issue.record("not invalid")
            return
        }
        #expect(title == "Nieprawidłowe wyszukiwanie")
        guard case .failed(let notice, let note) = search(.failed(.rateLimited(resetsAt: nil))).content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == "Could Not Search")
        #expect(note == "Search has its own, lower limit: 30 searches a minute.")
        guard case .failed(_, nil) = search(.failed(.offline)).content else {
            Issue.record("a note for a failure that is not the rate limit")
            return
        }
    }

    @Test("a blank query asks nothing; a query is sent as typed")
    func service() async throws {
        let api = FakeGitHub.octo()
        let service = GitHubService(api: api, storage: InMemoryKeyValueStorage([GitHubService.tokenKey: FakeGitHub.token]))
        #expect(try await service.searchPage(query: "  \n") == nil)
        #expect(api.calls.isEmpty)
        _ = try await service.searchPage(query: " hello language:swift ")
        #expect(api.calls == ["search(hello language:swift)"])
    }

    @Test("the star: Star or Unstar; a token that may not read or change stars gets a plain sentence")
    func star() {
        let en = catalogue(.en)
        #expect(StarControl(starred: .loaded(false), outcome: nil, catalogue: en).content == .button(title: "Star", star: true, isStarred: false))
        #expect(StarControl(starred: .loaded(true), outcome: nil, catalogue: en).content == .button(title: "Unstar", star: false, isStarred: true))
        let cannot = "This token cannot star repositories. Starring needs a classic token with the public_repo or repo scope, or a fine-grained token with the Starring permission."
        #expect(StarControl(starred: .failed(.server(status: 403)), outcome: nil, catalogue: en).content == .note(cannot))
        #expect(StarControl(starred: .loaded(false), outcome: .refused, catalogue: en).message == cannot)
        #expect(StarControl.Outcome(.notFound) == .refused)
        #expect(StarControl.Outcome(.server(status: 403)) == .refused)
        #expect(StarControl.Outcome(.offline) == .failed)
    }

    @Test("starring by the repository's id: its owner and name from GitHub, then PUT or DELETE")
    func starService() async throws {
        let api = FakeGitHub.octo()
        let service = GitHubService(api: api, storage: InMemoryKeyValueStorage([GitHubService.tokenKey: FakeGitHub.token]))
        try await service.setStarred(true, repositoryID: 100)
        #expect(try await service.starState(owner: "octo", name: "hello") == .loaded(true))
        try await service.setStarred(false, repositoryID: 100)
        #expect(try await service.starState(owner: "octo", name: "hello") == .loaded(false))
        #expect(api.calls.filter { $0.hasPrefix("star") || $0.hasPrefix("unstar") } == ["star(octo/hello)", "unstar(octo/hello)"])
    }
}
