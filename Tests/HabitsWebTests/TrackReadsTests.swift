import DeckTestSupport
import Foundation
import HabitsWeb
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import TestDoubles
import Testing
import WebShell

/// The walk of `POST /habits/{id}/track` (issue 35): a plain form's post writes and redirects, and
/// only the page it redirects to reads the habit list; the script's post reads it for its answer.
@Suite("Tracking reads the habit list only when the answer needs it")
struct TrackReadsTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    static let script: HTTPFields = [.contentType: "application/x-www-form-urlencoded", .accept: "application/json"]

    @Test("a plain form's track and untrack read no list; the page they redirect to reads it once")
    func plainForm() async throws {
        try await Self.withCountedHabits { reads, client in
            var browser = Browser(client)
            let (id, token) = try await Self.oneHabit(&browser)
            for (action, confirm, counter) in [("track", "", "1 day done"), ("untrack", "&confirm=yes", "0 days done")] {
                let before = reads.count
                let posted = try await browser.send(
                    "/habits/\(id)/\(action)", method: .post, headers: Self.form, body: .init(string: "_csrf=\(token)\(confirm)"))
                #expect(posted.status == .seeOther && posted.headers[.location] == "/habits")
                #expect(reads.count == before, "the \(action) post read the list")
                let page = try await browser.get("/habits").text
                #expect(reads.count == before + 1, "the list page reads the list once")
                #expect(page.contains(counter), "the \(action) was written")
            }
        }
    }

    @Test("the script's track reads the list once, for the row and the progress it answers with")
    func script() async throws {
        try await Self.withCountedHabits { reads, client in
            var browser = Browser(client)
            let (id, token) = try await Self.oneHabit(&browser)
            let before = reads.count
            let posted = try await browser.send("/habits/\(id)/track", method: .post, headers: Self.script, body: .init(string: "_csrf=\(token)"))
            #expect(reads.count == before + 1)
            let state = try JSONSerialization.jsonObject(with: Data(posted.text.utf8)) as? [String: Any]
            #expect(state?["tracked"] as? Bool == true)
            #expect(state?["counter"] as? String == "1 day done")
            #expect(state?["progress"] as? Int == 100)
        }
    }

    /// Creates one habit; its id, and the browser's CSRF token from the new habit sheet.
    static func oneHabit(_ browser: inout Browser) async throws -> (id: String, token: String) {
        let page = try await browser.get("/habits/new").text
        let token = try #require(Browser.firstMatch(of: #"name="_csrf" value="([0-9a-f]{64})""#, in: page))
        let created = try await browser.send(
            "/habits", method: .post, headers: form, body: .init(string: "_csrf=\(token)&name=Water&color=%23ff2d55&time=07%3A30"))
        #expect(created.status == .seeOther)
        let list = try await browser.get("/habits").text
        let id = try #require(Browser.firstMatch(of: #"<li class="habit-card" data-habit="(\d+)">"#, in: list))
        return (id, token)
    }

    /// Runs `test` on a deck of MyHabits alone, its habits on in-memory stores that count the
    /// reads of a device's whole list.
    static func withCountedHabits(_ test: @Sendable (Counter, any TestClientProtocol) async throws -> Void) async throws {
        let stores = InMemoryStores()
        let dataDirectory = try temporaryDirectory("habits-reads")
        defer { try? FileManager.default.removeItem(at: dataDirectory) }
        var logger = Logger(label: "habits-reads")
        logger.logLevel = .critical
        let router = try DeckRouter.build(
            apps: [HabitsApp(store: { stores.habits($0) })], preferences: stores.devices, sessions: InMemorySessions(),
            key: try ServerKey.load(from: .embedded(in: dataDirectory)), logger: logger)
        try await Application(router: router, logger: logger).test(.router) { try await test(stores.habitListReads, $0) }
    }
}
