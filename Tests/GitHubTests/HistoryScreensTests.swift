import Foundation
import GitHub
import Localization
import TestDoubles
import Testing

/// The history (issue 49): commits of a ref with relative dates in the device's zone and "Show
/// More", one commit's files and diffs within bounds, and diffs parsed into numbered lines.
@Suite("History screens (issue 49)")
struct HistoryScreensTests {
    let details = sampleDetails(sampleRepository(id: 7, name: "hello", owner: "octo"))
    let place = CodeLocation(owner: "octo", name: "hello")!

    func summary(_ number: Int, login: String? = "octo", name: String? = "Octo", date: Date = now, message: String? = nil) -> CommitSummary {
        CommitSummary(sha: FakeGitHub.sha(number), message: message ?? "Change \(number)\n\nBody", authorLogin: login, authorName: name, date: date)
    }

    func list(_ pages: [[CommitSummary]], _ language: Language = .en, timeZone: TimeZone = utc, at moment: Date = now) -> CommitListScreen {
        CommitListScreen(
            location: place, page: CommitsPage(repository: .loaded(details), pages: .loaded(pages), pageCount: pages.count),
            catalogue: catalogue(language), timeZone: timeZone, now: moment)
    }

    func rows(_ screen: CommitListScreen) -> [CommitListScreen.Row] {
        if case .loaded(let rows) = screen.content { return rows }
        Issue.record("not loaded: \(screen.content)")
        return []
    }

    @Test("a row: the message's first line, the login (else the written name, else unknown), when, the short SHA")
    func rowsShown() {
        let screen = list([[
            summary(1, message: "Fix <the> bug\r\n\r\nLong story"), summary(2, login: nil, name: "Someone"), summary(3, login: nil, name: nil),
        ]])
        #expect(rows(screen).map(\.headline) == ["Fix <the> bug", "Change 2", "Change 3"])
        #expect(rows(screen).map(\.author) == ["octo", "Someone", "Unknown author"])
        #expect(rows(screen).map(\.shortSHA) == ["0000000", "0000000", "0000000"])
        #expect(rows(screen).map(\.position) == [1, 2, 3])
        #expect(screen.title == "Commits")
        #expect(screen.back == CodeBack(title: "hello", destination: .repository(id: 7)))
        #expect(screen.referenceName == "main")
    }

    static let relativeDates: [(Language, Double, String)] = [
        (Language.en, 30.0, "just now"), (.en, 300, "5 minutes ago"), (.en, 7200, "2 hours ago"), (.en, 86_400 * 3, "3 days ago"),
        (.ru, 300, "5 минут назад"), (.ru, 86_400 * 2, "2 дня назад"), (.pl, 120, "2 minuty temu"), (.pl, 86_400 * 5, "5 dni temu"),
        (.en, 86_400 * 60, "on January 9"), (.ru, 86_400 * 60, "9 января"),
    ]

    @Test("when, relative, in the device's time zone and language", arguments: relativeDates)
    func relative(language: Language, secondsAgo: Double, text: String) {
        #expect(rows(list([[summary(1, date: now.addingTimeInterval(-secondsAgo))]], language)).first?.dateText == text)
    }

    @Test("yesterday is the device's yesterday: 23:30 UTC on the 8th is the 9th in Warsaw")
    func yesterdayByZone() {
        let made = date("2025-03-08T23:30:00Z")  // the 8th in UTC, the 9th at 00:30 in Warsaw
        let moment = date("2025-03-10T00:30:00Z")  // 25 hours later: the 10th in both
        #expect(rows(list([[summary(1, date: made)]], timeZone: utc, at: moment)).first?.dateText == "2 days ago")
        #expect(rows(list([[summary(1, date: made)]], timeZone: warsaw, at: moment)).first?.dateText == "yesterday")
    }

    @Test("Show More while the last page came back full, up to the limit; then older commits are on GitHub")
    func showMore() {
        let full = (1...30).map { summary($0) }
        let more = list([full])
        #expect(more.showMore?.title == "Show More")
        #expect(more.showMore?.pages == 2)
        #expect(more.showMore?.firstNewPosition == 31)
        #expect(more.olderNote == nil)
        #expect(list([full, Array(full.prefix(3))]).showMore == nil)
        let limit = list(Array(repeating: full, count: GitHubService.maximumCommitPages))
        #expect(limit.showMore == nil)
        #expect(limit.olderNote == "Older commits are on GitHub.")
        #expect(list([full], .ru).showMore?.title == "Показать ещё")
        #expect(list([[]]).content == .empty("There are no commits yet."))
    }

    @Test("the commits page asks pages 1 through N at once and keeps their order")
    func pages() async throws {
        let api = FakeGitHub.octo()
        let service = GitHubService(api: api, storage: InMemoryKeyValueStorage([GitHubService.tokenKey: FakeGitHub.token]))
        let page = try await service.commitsPage(owner: "octo", name: "hello", ref: nil, pages: 2)
        guard case .loaded(let commits) = page.commits else {
            Issue.record("not loaded")
            return
        }
        #expect(commits.map(\.sha) == FakeGitHub.octoCommits.map(\.summary.sha))
        #expect(!page.hasMore)
        #expect(Set(api.calls.filter { $0.hasPrefix("commits") }) == ["commits(octo/hello@,page:1)", "commits(octo/hello@,page:2)"])
        let clamped = try await service.commitsPage(owner: "octo", name: "hello", ref: "dev", pages: 99)
        #expect(clamped.pageCount == GitHubService.maximumCommitPages)
    }

    // MARK: One commit

    func commitScreen(_ commit: CommitDetails, _ language: Language = .en) -> CommitScreen.Details? {
        let screen = CommitScreen(
            location: place, sha: commit.summary.sha, page: CommitPage(repository: .loaded(details), commit: .loaded(commit)),
            catalogue: catalogue(language), timeZone: utc, now: now)
        if case .loaded(let loaded) = screen.content { return loaded }
        Issue.record("not loaded")
        return nil
    }

    @Test("a commit: whole message, totals, each file's status, counts and diff; a binary file says why it has none")
    func commit() throws {
        let shown = try #require(commitScreen(FakeGitHub.octoCommits[0]))
        #expect(shown.headline == "Greet with <b>markup</b>")
        #expect(shown.body == "The body says more.")
        #expect(shown.filesTitle == "3 files changed")
        #expect(shown.countsLabel == "3 additions, 1 deletion")
        #expect(shown.files.map(\.statusText) == ["Modified", "Added", "Renamed"])
        #expect(shown.files[2].previousNote == "Renamed from docs/old.md")
        #expect(shown.files[1].diff == .notShown("No changes to show: the file is binary, or GitHub sent no diff for it."))
        guard case .lines(let lines) = shown.files[0].diff else {
            Issue.record("no diff")
            return
        }
        #expect(lines.map(\.kind) == [.hunk, .context, .removed, .added, .added, .context, .note])
        #expect(lines[3].text == "let greeting = \"<b>Hello</b>\"")
        #expect(shown.webLink.url.absoluteString == "https://github.com/octo/hello/commit/\(FakeGitHub.sha(1))")
    }

    @Test("counts and statuses in Russian and Polish", arguments: [
        (Language.ru, "Изменено 3 файла", "3 добавления, 1 удаление", "Переименован"),
        (.pl, "Zmieniono 3 pliki", "3 dodania, 1 usunięcie", "Zmieniona nazwa"),
    ])
    func translated(language: Language, files: String, counts: String, renamed: String) throws {
        let shown = try #require(commitScreen(FakeGitHub.octoCommits[0], language))
        #expect(shown.filesTitle == files)
        #expect(shown.countsLabel == counts)
        #expect(shown.files[2].statusText == renamed)
    }

    @Test("a patch over the bound, or past the commit's budget, is not shown")
    func bounds() throws {
        let big = String(repeating: "+x\n", count: CommitScreen.maximumPatchBytes / 3 + 1)
        let medium = "@@ -1 +1 @@\n" + String(repeating: "+y\n", count: 30_000)  // 90 KB: 12 of them pass the 1 MB budget
        let files = [ChangedFile(filename: "big.txt", status: .added, additions: 1, deletions: 0, patch: big)]
            + (1...12).map { ChangedFile(filename: "m\($0).txt", status: .added, additions: 1, deletions: 0, patch: medium) }
        let shown = try #require(commitScreen(CommitDetails(summary: summary(9), additions: 13, deletions: 0, files: files)))
        let tooLarge = CommitScreen.Diff.notShown("These changes are too large to show here. Open the commit on GitHub to see them.")
        #expect(shown.files[0].diff == tooLarge)
        #expect(shown.files.dropFirst().prefix(11).allSatisfy { $0.diff != tooLarge })
        #expect(shown.files.last?.diff == tooLarge)
    }

    @Test("an unknown commit explains itself")
    func missing() {
        let screen = CommitScreen(
            location: place, sha: "abc1234", page: CommitPage(repository: .loaded(details), commit: .failed(.notFound)), catalogue: catalogue(.en),
            timeZone: utc, now: now)
        #expect(screen.title == "Commit abc1234")
        #expect(screen.back == CodeBack(title: "Commits", destination: .commits(place)))
        guard case .failed(let notice) = screen.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.message == "GitHub cannot find this commit, or the token has no access to it.")
    }

    // MARK: Diff lines

    @Test("a hunk's lines are numbered from its header in the old and the new file")
    func numbering() {
        let lines = DiffLines.parse("@@ -10,3 +20,4 @@ func main()\n context\n-old\n+new\n+more\n tail")
        #expect(lines.map(\.kind) == [.hunk, .context, .removed, .added, .added, .context])
        #expect(lines.map(\.oldNumber) == [nil, 10, 11, nil, nil, 12])
        #expect(lines.map(\.newNumber) == [nil, 20, nil, 21, 22, 23])
        #expect(lines[0].text == "@@ -10,3 +20,4 @@ func main()")
        #expect(lines[1].text == "context")
    }

    @Test("a header that cannot be read leaves its lines unnumbered, and nothing traps on huge numbers")
    func unreadableHeader() {
        let lines = DiffLines.parse("@@ -x +99999999999999999999 @@\n+a\n-b\n@@ -1 +1 @@\n+c")
        #expect(lines.map(\.newNumber) == [nil, nil, nil, nil, 1])
        #expect(lines.map(\.oldNumber) == [nil, nil, nil, nil, nil])
    }

    @Test("commits decode from GitHub's shape: a null author is the written name")
    func decoding() throws {
        let json = """
            [{"sha": "abc", "html_url": "https://github.com/o/r/commit/abc", "author": null, "committer": null,
              "commit": {"message": "Hi\\n\\nthere", "author": {"name": "Ann", "email": "a@example.com", "date": "2025-01-02T03:04:05Z"},
                         "committer": {"name": "Bob", "email": "b@example.com", "date": "2025-01-03T03:04:05Z"}},
              "parents": [{"sha": "def", "url": "x"}]}]
            """
        let commits = try JSONDecoder().decode([CommitSummary].self, from: Data(json.utf8))
        #expect(commits.first?.author == "Ann")
        #expect(commits.first?.date == date("2025-01-02T03:04:05Z"))
        #expect(commits.first?.parentSHAs == ["def"])
        #expect(commits.first?.body == "there")
    }
}
