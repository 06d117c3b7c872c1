import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 38 through MyHabits' routes: past days from the details' history as plain forms and
/// replays, and the Order and Archived screens, on each backend.
@Suite("MyHabits past days, archive and order routes")
struct HabitsHistoryRoutesTests {
    static let warsaw = TimeZone(identifier: "Europe/Warsaw")!

    /// Today's calendar day in Warsaw, `offset` days away, as YYYY-MM-DD.
    static func day(_ offset: Int) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = warsaw
        let date = calendar.date(byAdding: .day, value: offset, to: Date())!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    /// A device in Warsaw with "Read", done 5 and 3 days ago (imported, so its history starts
    /// then); its id.
    static func readWithHistory(_ browser: inout Browser) async throws -> String {
        _ = try await browser.post("/device/time-zone", form: [("timeZone", "Europe/Warsaw")])
        let csv = "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,\(day(-5)),1,\nRead,,,\(day(-3)),1,\n"
        let preview = try await browser.postMultipart("/habits/import", files: [("file", "habits.csv", Data(csv.utf8))])
        let confirmed = try await browser.postMultipart("/habits/import/confirm", fields: [("file", try HabitsImportRoutesTests.sealed(preview.text))], files: [])
        #expect(confirmed.status == .seeOther)
        return try #require(HabitsRoutesTests.ids(try await browser.get("/habits").text).first)
    }

    static func trackedDays(_ page: String) -> [String] {
        Browser.allMatches(of: #"<button type="submit" class="habit-track__circle habit-day__circle" form="habit-day" formaction="/habits/\d+/untrack" name="day" value="([0-9-]+)""#, in: page)
    }

    @Test("a past day ticked and unticked from the details as a plain form; the untick asks first; stats follow", arguments: StoreKind.allCases)
    func pastDaysAsPlainForms(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let id = try await Self.readWithHistory(&browser)
            let details = try await browser.get("/habits/\(id)").text
            #expect(Self.trackedDays(details) == [Self.day(-3), Self.day(-5)])
            #expect(details.contains(#"<div class="list-section__body heatmap" role="group""#))
            #expect(details.contains(#"aria-label="Mark \#(Self.longDate(-4)) as done""#), "each day named with its date and action")

            let ticked = try await browser.post("/habits/\(id)/track", form: [("day", Self.day(-4)), ("from", "details")])
            #expect(ticked.status == .seeOther && ticked.headers[.location] == "/habits/\(id)")
            let after = try await browser.get("/habits/\(id)").text
            #expect(Self.trackedDays(after) == [Self.day(-3), Self.day(-4), Self.day(-5)])
            #expect(after.contains("Best streak</span><span class=\"cell__value\">3 days"))

            let question = try await browser.post("/habits/\(id)/untrack", form: [("day", Self.day(-4)), ("from", "details")])
            #expect(question.status == .ok)
            #expect(question.text.contains("Undo This Mark?") && question.text.contains("“Read” will no longer count as done on \(Self.longDate(-4))."))
            #expect(question.text.contains(#"<input type="hidden" name="confirm" value="yes"><input type="hidden" name="day" value="\#(Self.day(-4))">"#))
            #expect(Self.trackedDays(question.text).count == 3, "nothing undone before the answer")
            let undone = try await browser.post("/habits/\(id)/untrack", form: [("day", Self.day(-4)), ("from", "details"), ("confirm", "yes")])
            #expect(undone.headers[.location] == "/habits/\(id)")
            #expect(Self.trackedDays(try await browser.get("/habits/\(id)").text) == [Self.day(-3), Self.day(-5)])
        }
    }

    @Test("a future day or one more than a year ago: 422 with a message in the page's language, nothing changed", arguments: StoreKind.allCases)
    func refusedDays(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let id = try await Self.readWithHistory(&browser)
            let future = try await browser.post("/habits/\(id)/track", form: [("day", Self.day(1)), ("from", "details")])
            #expect(future.status == .unprocessableContent)
            #expect(future.text.contains("День после сегодняшнего отметить нельзя. Ничего не изменено."))
            // The 371 days of the heatmap's 53 weeks, today's included, can change; the day before cannot.
            let early = try await browser.post("/habits/\(id)/track", form: [("day", Self.day(-371))])
            #expect(early.status == .unprocessableContent)
            #expect(early.text.contains("День больше года назад отметить нельзя. Ничего не изменено."))
            #expect(try await browser.post("/habits/\(id)/track", form: [("day", "2026-02-30")]).status == .badRequest)
            #expect(try await browser.post("/habits/999/track", form: [("day", Self.day(0))]).status == .notFound)
            #expect(Self.trackedDays(try await browser.get("/habits/\(id)").text) == [Self.day(-3), Self.day(-5)])
        }
    }

    @Test("a past-day change replayed from the outbox twice counts once", arguments: StoreKind.allCases)
    func replayedPastDay(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let id = try await Self.readWithHistory(&browser)
            var headers: HTTPFields = [.accept: "application/json"]
            headers[.contentType] = "application/x-www-form-urlencoded"
            let token = try await browser.csrfToken()
            for _ in 0..<2 {
                let replay = try await browser.send("/habits/\(id)/track", method: .post, headers: headers, body: .init(string: "_csrf=\(token)&day=\(Self.day(-2))"))
                #expect(replay.status == .ok)
            }
            #expect(Self.trackedDays(try await browser.get("/habits/\(id)").text) == [Self.day(-2), Self.day(-3), Self.day(-5)])
            #expect(try await browser.get("/habits").text.contains("3 days done"))
        }
    }

    @Test("Order: Move up and Move down as plain forms, named for VoiceOver; Archive and Restore; the list follows", arguments: StoreKind.allCases)
    func orderAndArchive(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "pl")
            for name in ["A", "B", "C"] {
                _ = try await browser.post("/habits", form: [("name", name), ("color", "#ff2d55"), ("time", "07:30")])
            }
            let ids = HabitsRoutesTests.ids(try await browser.get("/habits").text)
            let order = try await browser.get("/habits/order").text
            #expect(order.contains(#"aria-label="Przesuń „C” w górę""#) && order.contains(#"aria-label="Archiwizuj „A”""#))
            #expect(order.contains(#"formaction="/habits/\#(ids[0])/move" name="direction" value="up" aria-label="Przesuń „A” w górę" disabled"#))
            let moved = try await browser.post("/habits/\(ids[2])/move", form: [("direction", "up")])
            #expect(moved.headers[.location] == "/habits/order#habit-\(ids[2])")
            #expect(HabitsRoutesTests.names(try await browser.get("/habits").text) == ["A", "C", "B"])
            _ = try await browser.post("/habits/\(ids[0])/move", form: [("direction", "down")])
            #expect(HabitsRoutesTests.names(try await browser.get("/habits").text) == ["C", "A", "B"])
            #expect(try await browser.post("/habits/\(ids[0])/move", form: [("direction", "left")]).status == .badRequest)

            let archived = try await browser.post("/habits/\(ids[0])/archive", form: [("from", "order")])
            #expect(archived.headers[.location] == "/habits/order?archived=\(ids[0])")
            // Issue 48: the screen says so once, with Undo as a plain form back to the same screen.
            let said = try await browser.get("/habits/order?archived=\(ids[0])").text
            #expect(said.contains(#"<div class="habits-banner" role="status"><p class="habits-banner__text">„A” jest w archiwum.</p><form class="habits-banner__form" method="post" action="/habits/\#(ids[0])/restore">"#))
            #expect(said.contains(#"<input type="hidden" name="from" value="order"><button type="submit" class="habits-banner__undo">Cofnij<span class="visually-hidden">: Przywróć „A” na listę</span></button>"#))
            #expect(!(try await browser.get("/habits/order?archived=\(ids[1])").text.contains("habits-banner")), "a habit on the list is not archived")
            let undone = try await browser.post("/habits/\(ids[0])/restore", form: [("from", "order")])
            #expect(undone.headers[.location] == "/habits/order")
            _ = try await browser.post("/habits/\(ids[0])/archive", form: [])
            #expect(try await browser.get("/habits?archived=\(ids[0])").text.contains("„A” jest w archiwum."), "the details' Archive goes to the list")
            #expect(HabitsRoutesTests.names(try await browser.get("/habits").text) == ["C", "B"])
            let archive = try await browser.get("/habits/archived").text
            #expect(archive.contains(#"aria-label="Przywróć „A” na listę""#))
            #expect(try await browser.get("/habits/\(ids[0])").text.contains("Zarchiwizowany: nie ma go na liście."))
            let restored = try await browser.post("/habits/\(ids[0])/restore", form: [("from", "archived")])
            #expect(restored.headers[.location] == "/habits/archived?restored=\(ids[0])")
            #expect(try await browser.get("/habits/archived?restored=\(ids[0])").text.contains("„A” jest znowu na liście."))
            #expect(HabitsRoutesTests.names(try await browser.get("/habits").text) == ["C", "A", "B"])
            #expect(try await browser.get("/habits/archived").text.contains("Brak zarchiwizowanych nawyków."))
            #expect(try await browser.post("/habits/999/archive", form: []).status == .notFound)
        }
    }

    /// The en-US long date the controls name ("March 3, 2026"), on one line (no-break spaces, issue 48).
    static func longDate(_ offset: Int) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateStyle = .long
        let parts = day(offset).split(separator: "-").map { Int($0)! }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        return formatter.string(from: calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))!)
            .replacingOccurrences(of: " ", with: "\u{00A0}")
    }
}
