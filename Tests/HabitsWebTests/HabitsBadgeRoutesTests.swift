import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 48: what the installed app's icon shows (the habits still due today) and offers (its
/// shortcuts), on each backend.
@Suite("MyHabits badge and shortcuts")
struct HabitsBadgeRoutesTests {
    @Test("/habits/due.json counts the habits due today and not done, never cached", arguments: StoreKind.allCases)
    func due(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let empty = try await browser.get("/habits/due.json")
            #expect(empty.status == .ok && empty.text == #"{"due":0}"#)
            #expect(empty.headers[.cacheControl] == "no-store" && empty.headers[.contentType] == "application/json")
            for name in ["Water", "Walk"] {
                _ = try await browser.post("/habits", form: [("name", name), ("color", "#ff2d55"), ("time", "07:30")])
            }
            #expect(try await browser.get("/habits/due.json").text == #"{"due":2}"#)
            let id = try #require(HabitsRoutesTests.ids(try await browser.get("/habits").text).first)
            _ = try await browser.post("/habits/\(id)/track", form: [])
            #expect(try await browser.get("/habits/due.json").text == #"{"due":1}"#)
            _ = try await browser.post("/habits/\(id)/archive", form: [])
            let other = try #require(HabitsRoutesTests.ids(try await browser.get("/habits").text).first)
            _ = try await browser.post("/habits/\(other)/track", form: [])
            #expect(try await browser.get("/habits/due.json").text == #"{"due":0}"#, "an archived habit is not due")
        }
    }

    @Test("the manifest offers Today and New Habit in the page's language")
    func shortcuts() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let manifest = try await browser.get("/habits/manifest.webmanifest").text
            #expect(manifest.contains(#""shortcuts":[{"name":"Сегодня","url":"/habits"},{"name":"Новая привычка","url":"/habits/new"}]"#))
            let shell = try await browser.get("/manifest.webmanifest").text
            #expect(!shell.contains("shortcuts"), "the shell's manifest has none")
        }
    }
}
