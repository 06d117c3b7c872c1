import ColorContrast
import Foundation
import GitHub
import Localization
import TestDoubles
import Testing

/// Issues and pull requests in the core (issue 49): GitHub's shapes read (a pull request told
/// apart), pull requests left out of the issues, the list's rows and "Show More", labels with
/// readable text, and one item with its comments.
@Suite("Issue screens (issue 49)")
struct IssueScreensTests {
    let details = sampleDetails(sampleRepository(id: 7, name: "hello", owner: "octo"))
    let place = CodeLocation(owner: "octo", name: "hello")!

    func issue(_ number: Int, pull: Bool = false, open: Bool = true, comments: Int? = 0, labels: [IssueLabel] = []) -> GitHubIssue {
        GitHubIssue(
            number: number, title: "Title \(number)", isOpen: open, authorLogin: "octo", labels: labels, commentCount: comments,
            createdAt: now.addingTimeInterval(-3 * 86_400), isPullRequest: pull)
    }

    func rows(_ screen: IssueListScreen) -> [IssueListScreen.Row] {
        if case .loaded(let rows) = screen.content { return rows }
        Issue.record("not loaded: \(screen.content)")
        return []
    }

    func list(_ pages: [[GitHubIssue]], kind: IssueListKind = .issues, state: IssueState = .open, _ language: Language = .en) -> IssueListScreen {
        IssueListScreen(
            location: place,
            page: IssuesPage(kind: kind, state: state, repository: .loaded(details), pages: .loaded(pages), pageCount: pages.count),
            catalogue: catalogue(language), timeZone: utc, now: now)
    }

    @Test("the issues endpoint's items: a pull request is told by its pull_request key; a deleted author is nil; labels read")
    func decodeIssues() throws {
        let json = """
            [{"id": 1, "number": 1347, "title": "Found a bug", "state": "open", "user": {"login": "octocat", "id": 1},
              "labels": [{"id": 208045946, "name": "bug", "color": "f29513", "description": "Something isn't working", "default": true}],
              "comments": 4, "created_at": "2011-04-22T13:33:48Z", "body": "I'm having a problem with this.",
              "html_url": "https://github.com/octocat/Hello-World/issues/1347"},
             {"id": 2, "number": 1348, "title": "Amazing new feature", "state": "closed", "user": null, "labels": [], "comments": 0,
              "created_at": "2011-04-22T13:33:48Z", "body": null,
              "pull_request": {"url": "https://api.github.com/repos/octocat/Hello-World/pulls/1348", "merged_at": null}}]
            """
        let issues = try JSONDecoder().decode([GitHubIssue].self, from: Data(json.utf8))
        #expect(issues.map(\.isPullRequest) == [false, true])
        #expect(issues.map(\.isOpen) == [true, false])
        #expect(issues[0].labels == [IssueLabel(name: "bug", color: "f29513", description: "Something isn't working")])
        #expect(issues[0].commentCount == 4)
        #expect(issues[1].authorLogin == nil)
        #expect(issues[1].body == nil)
    }

    @Test("the pulls endpoint's items are pull requests without a comment count")
    func decodePulls() throws {
        let json = """
            [{"id": 1, "number": 1347, "state": "open", "title": "Amazing new feature", "user": {"login": "octocat"},
              "body": "Please pull these awesome changes in!", "labels": [{"name": "enhancement", "color": "a2eeef"}],
              "created_at": "2011-01-26T19:01:12Z", "draft": false,
              "head": {"label": "octocat:new-topic", "ref": "new-topic", "sha": "6dcb09b5b57875f334f61aebed695e2e4193db5e"},
              "base": {"label": "octocat:master", "ref": "master"}}]
            """
        let pulls = try JSONDecoder().decode([GitHubIssue].self, from: Data(json.utf8))
        #expect(pulls[0].isPullRequest)
        #expect(pulls[0].commentCount == nil)
        #expect(list([pulls], kind: .pulls).content != .empty("There are no open pull requests."))
        #expect(rows(list([pulls], kind: .pulls)).first?.commentsText == nil)
    }

    @Test("pull requests are left out of the issues; GitHub's full page, not what is shown, says there may be more")
    func pullRequestsLeftOut() {
        let page = (1...30).map { issue($0, pull: $0 % 3 == 0) }
        let screen = list([page])
        #expect(rows(screen).map(\.number) == (1...30).filter { $0 % 3 != 0 })
        #expect(rows(screen).map(\.position) == Array(1...20))
        #expect(screen.showMore?.pages == 2)
        #expect(screen.showMore?.firstNewPosition == 21)
        #expect(rows(list([page], kind: .pulls)).count == 30)
    }

    @Test("a row: number, title, author, relative date, comments spelled out; none for no comments")
    func row() {
        let screen = list([[issue(5, comments: 3), issue(6, comments: 0)]], .ru)
        let shown = rows(screen)
        #expect(shown.map(\.numberText) == ["#5", "#6"])
        #expect(shown[0].dateText == "3 дня назад")
        #expect(shown[0].commentsText == "3")
        #expect(shown[0].commentsLabel == "3 комментария")
        #expect(shown[1].commentsText == nil)
        #expect(screen.title == "Задачи")
        #expect(screen.segments.map(\.title) == ["Открытые", "Закрытые"])
        #expect(screen.segments.map(\.isSelected) == [true, false])
        #expect(screen.back == CodeBack(title: "hello", destination: .repository(id: 7)))
        #expect(screen.showMore == nil)
    }

    @Test("an empty list says so by state and kind; a failure explains itself")
    func emptyAndFailed() {
        #expect(list([[]], state: .closed).content == .empty("There are no closed issues."))
        #expect(list([[]], kind: .pulls, .pl).content == .empty("Brak otwartych pull requestów."))
        let failed = IssueListScreen(
            location: place, page: IssuesPage(kind: .issues, state: .open, repository: .loaded(details), pages: .failed(.offline), pageCount: 1),
            catalogue: catalogue(.en), timeZone: utc, now: now)
        guard case .failed(let notice) = failed.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.title == "Could Not Load Issues")
    }

    @Test("labels: black or white text, whichever reads better, at least 4.5:1 on every colour; a colour that is not one is grey")
    func labelContrast() {
        for red in stride(from: 0, through: 255, by: 17) {
            for green in stride(from: 0, through: 255, by: 17) {
                for blue in stride(from: 0, through: 255, by: 51) {
                    let hex = String(format: "%02x%02x%02x", red, green, blue)
                    let chip = LabelChip(IssueLabel(name: "x", color: hex))
                    let background = OpaqueColor(hex: chip.background)!
                    let text = OpaqueColor(hex: chip.foreground)!
                    #expect(background.contrast(with: text) >= 4.5, "\(hex)")
                    #expect(chip.colorKey == hex)
                }
            }
        }
        #expect(LabelChip(IssueLabel(name: "x", color: "0e2a47")).foreground == "#ffffff")
        #expect(LabelChip(IssueLabel(name: "x", color: "FEF2C0")).foreground == "#000000")
        #expect(LabelChip(IssueLabel(name: "x", color: "FEF2C0")).colorKey == "fef2c0")
        for hostile in ["red", "fff", "1234567", "12345g", "#12345", "0e2a47;x", "", "ｆｆｆｆｆｆ"] {
            #expect(LabelChip(IssueLabel(name: "x", color: hostile)).colorKey == "ededed", "\(hostile)")
        }
    }

    @Test("the service: pages asked at once, the pull request left out of the issues, one item with its comments")
    func service() async throws {
        let api = FakeGitHub.octo()
        let service = GitHubService(api: api, storage: InMemoryKeyValueStorage([GitHubService.tokenKey: FakeGitHub.token]))
        let page = try await service.issuesPage(owner: "octo", name: "hello", kind: .issues, state: .open, pages: 2)
        guard case .loaded(let items) = page.items else {
            Issue.record("not loaded")
            return
        }
        #expect(items.map(\.number) == [1] + Array(4...40))
        #expect(Set(api.calls.filter { $0.hasPrefix("issues") }) == ["issues(octo/hello,open,page:1)", "issues(octo/hello,open,page:2)"])
        let item = try await service.issuePage(owner: "octo", name: "hello", number: 1)
        let screen = IssueScreen(location: place, kind: .issues, number: 1, page: item, catalogue: catalogue(.pl), timeZone: utc, now: now)
        #expect(screen.title == "Zgłoszenie #1")
        guard case .loaded(let shown) = screen.content, case .loaded(let comments) = shown.comments else {
            Issue.record("not loaded: \(screen.content)")
            return
        }
        #expect(comments.map(\.author) == ["hubot", "Usunięte konto"])
        #expect(shown.labels.map(\.name) == ["bug", "good first issue", "hostile"])
        #expect(shown.markdown?.contains("<script>") == true)  // made safe by the web face's README pipeline
        #expect(shown.webLink.url.absoluteString == "https://github.com/octo/hello/issues/1")
        let missing = try await service.issuePage(owner: "octo", name: "hello", number: 999)
        let notFound = IssueScreen(location: place, kind: .issues, number: 999, page: missing, catalogue: catalogue(.en), timeZone: utc, now: now)
        guard case .failed(let notice) = notFound.content else {
            Issue.record("not failed")
            return
        }
        #expect(notice.message == "GitHub cannot find this issue or pull request, or the token has no access to it.")
    }
}
