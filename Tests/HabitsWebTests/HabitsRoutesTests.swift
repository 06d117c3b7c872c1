import DeckTestSupport
import Devices
import Foundation
import Habits
import HTTPTypes
import HummingbirdTesting
import Persistence
import Testing

@Suite("MyHabits routes")
struct HabitsRoutesTests {
    static let water = [("name", "  Выпить стакан воды "), ("color", "#ff2d55"), ("time", "07:30")]

    static func names(_ page: String) -> [String] {
        Browser.allMatches(of: #"<span class="habit-card__name">([^<]*)</span>"#, in: page)
    }

    static func ids(_ page: String) -> [String] {
        Browser.allMatches(of: #"<li class="habit-card" data-habit="(\d+)">"#, in: page)
    }

    @Test("create, list with the course's texts, edit in place, delete", arguments: StoreKind.allCases)
    func lifecycle(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let created = try await browser.post("/habits", form: Self.water)
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/habits")
            let list = try await browser.get("/habits").text
            #expect(Self.names(list) == ["Выпить стакан воды"])
            #expect(list.contains("Каждый день в 07:30"))
            #expect(list.contains("0 дней выполнено"))
            let id = try #require(Self.ids(list).first)
            #expect(list.contains("/habits/colors.css?\(id)=ff2d55ff"))

            let edit = try await browser.get("/habits/\(id)/edit").text
            #expect(edit.contains(#"value="Выпить стакан воды""#) && edit.contains(##"value="#ff2d55""##) && edit.contains(#"value="07:30""#))
            #expect(edit.contains("Удалить привычку"))
            #expect(edit.contains(#"data-confirm-message="Вы хотите удалить привычку &quot;Выпить стакан воды&quot;?""#))

            let saved = try await browser.post("/habits/\(id)", form: [("name", "Два стакана"), ("color", "#007aff"), ("time", "08:15")])
            #expect(saved.headers[.location] == "/habits/\(id)")
            let after = try await browser.get("/habits").text
            #expect(Self.names(after) == ["Два стакана"], "saving updates, never adds")
            #expect(after.contains("Каждый день в 08:15"))

            let r1 = try await browser.post("/habits/\(id)/delete", form: [])
            #expect(r1.headers[.location] == "/habits")
            let r2 = try await browser.get("/habits")
            #expect(Self.names(r2.text).isEmpty)
            let r3 = try await browser.post("/habits/\(id)/delete", form: [])
            #expect(r3.status == .notFound)
        }
    }

    @Test("bad input: 422, messages at the fields, what was typed kept, nothing stored", arguments: StoreKind.allCases)
    func validation(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            let long = String(repeating: "ж", count: 101)
            let refused = try await browser.post("/habits", form: [("name", long), ("color", "red"), ("time", "7pm")])
            #expect(refused.status == .unprocessableContent)
            let page = refused.text
            #expect(page.contains(#"id="error-name">Too long: at most 100 characters."#))
            #expect(page.contains(#"id="error-color">"#) && page.contains(#"id="error-time">"#))
            #expect(page.contains(#"value="\#(long)""#))
            #expect(page.contains(#"value="7pm""#))
            let empty = try await browser.post("/habits", form: [("name", " "), ("color", "#ff9f0a"), ("time", "08:00")])
            #expect(empty.text.contains(#"id="error-name">Enter a name for the habit."#))
            let r4 = try await browser.get("/habits")
            #expect(Self.names(r4.text).isEmpty)
        }
    }

    @Test("tracking: once a day, JSON for the script, a redirect for a plain form, undo", arguments: StoreKind.allCases)
    func tracking(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            _ = try await browser.post("/habits", form: Self.water)
            _ = try await browser.post("/habits", form: [("name", "Read"), ("color", "#34c759"), ("time", "21:00")])
            let id = try #require(Self.ids(try await browser.get("/habits").text).first)

            let plain = try await browser.post("/habits/\(id)/track", form: [])
            #expect(plain.status == .seeOther && plain.headers[.location] == "/habits")
            var headers: HTTPFields = [.accept: "application/json"]
            headers[.contentType] = "application/x-www-form-urlencoded"
            let token = try await browser.csrfToken()
            let again = try await browser.send("/habits/\(id)/track", method: .post, headers: headers, body: .init(string: "_csrf=\(token)"))
            let state = try JSONSerialization.jsonObject(with: Data(again.text.utf8)) as? [String: Any]
            #expect(state?["tracked"] as? Bool == true)
            #expect(state?["counter"] as? String == "1 day done", "a second track the same day adds nothing")
            #expect(state?["progress"] as? Int == 50)
            #expect(state?["action"] as? String == "/habits/\(id)/untrack")

            let undone = try await browser.send("/habits/\(id)/untrack", method: .post, headers: headers, body: .init(string: "_csrf=\(token)&confirm=yes"))
            let after = try JSONSerialization.jsonObject(with: Data(undone.text.utf8)) as? [String: Any]
            #expect(after?["tracked"] as? Bool == false)
            #expect(after?["counter"] as? String == "0 days done")
            #expect(after?["progress"] as? Int == 0)
            let r5 = try await browser.post("/habits/999/track", form: [])
            #expect(r5.status == .notFound)
        }
    }

    @Test("an offline replay states its day: today counts once however often it is sent, a day over a year back is 422, a malformed one 400")
    func replayedTracks() async throws {
        try await TestDeck().run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/habits", form: Self.water)
            let id = try #require(Self.ids(try await browser.get("/habits").text).first)
            let today = CalendarDay(Date(), in: TimeZone.current)
            var headers: HTTPFields = [.accept: "application/json"]
            headers[.contentType] = "application/x-www-form-urlencoded"
            let token = try await browser.csrfToken()
            for _ in 0..<3 {
                let sent = try await browser.send(
                    "/habits/\(id)/track", method: .post, headers: headers, body: .init(string: "_csrf=\(token)&day=\(today.iso)"))
                #expect(sent.status == .ok)
            }
            let csv = try await browser.get("/habits/export.csv").text
            #expect(csv.split(separator: "\r\n").filter { $0.hasSuffix(",\(today.iso),done,,,") }.count == 1, "three replays, one track")
            // Any day of the last year is taken (issue 48); 371 days back is one too many.
            let old = try await browser.send(
                "/habits/\(id)/track", method: .post, headers: headers, body: .init(string: "_csrf=\(token)&day=\(today.adding(days: -371).iso)"))
            #expect(old.status == .unprocessableContent)
            let malformed = try await browser.send("/habits/\(id)/track", method: .post, headers: headers, body: .init(string: "_csrf=\(token)&day=2026-13-45"))
            #expect(malformed.status == .badRequest)
        }
    }

    @Test("undoing a track without JavaScript asks first, in an alert over the list", arguments: StoreKind.allCases)
    func undoAsksFirst(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            _ = try await browser.post("/habits", form: Self.water)
            let id = try #require(Self.ids(try await browser.get("/habits").text).first)
            _ = try await browser.post("/habits/\(id)/track", form: [])

            let question = try await browser.post("/habits/\(id)/untrack", form: [])
            #expect(question.status == .ok)
            let page = question.text
            #expect(page.contains(#"class="alert alert--static""#) && page.contains(#"class="alert-backdrop" href="/habits""#))
            #expect(page.contains("Undo Today&#39;s Mark?"))
            #expect(page.contains(#"<input type="hidden" name="confirm" value="yes">"#))
            #expect(try await browser.get("/habits").text.contains(#"aria-pressed="true""#), "asking changed nothing")

            let confirmed = try await browser.post("/habits/\(id)/untrack", form: [("confirm", "yes")])
            #expect(confirmed.status == .seeOther)
            #expect(try await browser.get("/habits").text.contains(#"aria-pressed="false""#))
            #expect(try await browser.post("/habits/999/untrack", form: []).status == .notFound)
        }
    }

    static func showMoreLink(_ page: String) -> String? {
        Browser.firstMatch(of: #"<a class="button" href="([^"]+)">Show More</a>"#, in: page).map { $0.replacingOccurrences(of: "&amp;", with: "&") }
    }

    @Test("a long list shows at most 200 habits a request, goes on after the last one shown, and counts them all in the progress (issue 34)",
          arguments: StoreKind.allCases)
    func pages(stores: StoreKind) async throws {
        // Seeding hundreds of rows through the form goes faster than the write rate lets a device
        // (issue 34); the rate has its own tests, this one checks the pages.
        var deck = try TestDeck(stores)
        deck.writeRates = .off
        try await deck.run { client in
            var browser = Browser(client)
            for number in 1...230 {
                _ = try await browser.post("/habits", form: [("name", "Habit \(number)"), ("color", "#34c759"), ("time", "08:00")])
            }
            let ids = Self.ids(try await browser.get("/habits?limit=200").text)
            #expect(ids.count == 200)
            for id in ids.suffix(23) { _ = try await browser.post("/habits/\(id)/track", form: []) }  // 23 of 230: 10%

            let first = try await browser.get("/habits").text
            #expect(Self.ids(first).count == 50)
            #expect(first.contains("Showing 50 of 230 habits") && first.contains(">10%<"))
            #expect(first.contains(#"data-done="23" data-total="230""#))
            #expect(Self.showMoreLink(first) == "/habits?limit=100")
            for asked in ["200", "201", "10000", "1000000"] {
                let page = try await browser.get("/habits?limit=\(asked)").text
                #expect(Self.ids(page).count == 200, "limit=\(asked)")
                #expect(Self.showMoreLink(page) == "/habits?after=\(ids[199])")
            }
            for ignored in ["1000001", "0", "-1", "abc"] {
                #expect(Self.ids(try await browser.get("/habits?limit=\(ignored)").text).count == 50, "limit=\(ignored)")
            }
            for ignored in ["0", "-1", "05", "abc", "99999999999999999999"] {
                #expect(Self.ids(try await browser.get("/habits?after=\(ignored)").text).count == 50, "after=\(ignored)")
            }
            let rest = try await browser.get("/habits?after=\(ids[199])").text
            #expect(Self.names(rest) == (201...230).map { "Habit \($0)" })
            #expect(rest.contains("Showing 30 of 230 habits") && rest.contains(">10%<") && Self.showMoreLink(rest) == nil)
            #expect(rest.contains(#"<a class="button" href="/habits">Back to the First Habits</a>"#))

            // Following "show more" from the first page reaches every habit once.
            var link: String? = "/habits"
            var seen: [String] = []
            while let next = link, seen.count < 1000 {
                let page = try await browser.get(next).text
                seen += Self.ids(page).filter { !seen.contains($0) }
                link = Self.showMoreLink(page)
            }
            #expect(seen.count == 230)
        }
    }

    @Test("the list carries one CSRF token, in its one track form; a circle posted from a later page comes back to it (issue 34)",
          arguments: StoreKind.allCases)
    func oneTokenPerPage(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            for number in 1...60 {
                _ = try await browser.post("/habits", form: [("name", "Habit \(number)"), ("color", "#34c759"), ("time", "08:00")])
            }
            let page = try await browser.get("/habits?limit=100").text
            #expect(page.components(separatedBy: #"name="_csrf""#).count - 1 == 1)
            #expect(Browser.allMatches(of: #"<form ([^>]*method="post"[^>]*)>"#, in: page).count == 1)
            #expect(page.contains(#"<form id="habit-track" class="habit-track" method="post" data-undo-title="#))
            #expect(page.contains(#"<input type="hidden" name="limit" value="100"></form>"#))
            let circles = Browser.allMatches(of: #"<button class="habit-track__circle" form="habit-track" formaction="/habits/(\d+)/track" aria-pressed="false" aria-label="Mark “Habit \d+” as done today" data-undo-message="#, in: page)
            #expect(circles.count == 60)
            let id = circles[55]
            let tracked = try await browser.post("/habits/\(id)/track", form: [("limit", "100")])
            #expect(tracked.headers[.location] == "/habits?limit=100")
            let question = try await browser.post("/habits/\(id)/untrack", form: [("after", circles[49])])
            #expect(question.status == .ok)
            #expect(question.text.contains(#"class="alert-backdrop" href="/habits?after=\#(circles[49])""#))
            #expect(question.text.contains(#"<input type="hidden" name="confirm" value="yes"><input type="hidden" name="after" value="\#(circles[49])">"#))
            let undone = try await browser.post("/habits/\(id)/untrack", form: [("confirm", "yes"), ("after", circles[49])])
            #expect(undone.headers[.location] == "/habits?after=\(circles[49])")
            #expect(try await browser.get("/habits").text.contains(#"data-done="0" data-total="60""#))
        }
    }

    @Test("another device's habit is a 404 everywhere", arguments: StoreKind.allCases)
    func deviceScoping(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var owner = Browser(client)
            _ = try await owner.post("/habits", form: Self.water)
            let id = try #require(Self.ids(try await owner.get("/habits").text).first)
            var stranger = Browser(client)
            let r6 = try await stranger.get("/habits/\(id)")
            #expect(r6.status == .notFound)
            let r7 = try await stranger.get("/habits/\(id)/edit")
            #expect(r7.status == .notFound)
            let r8 = try await stranger.post("/habits/\(id)", form: Self.water)
            #expect(r8.status == .notFound)
            let r9 = try await stranger.post("/habits/\(id)/track", form: [])
            #expect(r9.status == .notFound)
            let r10 = try await stranger.post("/habits/\(id)/delete", form: [])
            #expect(r10.status == .notFound)
            let r11 = try await stranger.get("/habits/abc")
            #expect(r11.status == .notFound)
            let r12 = try await stranger.get("/habits")
            #expect(Self.names(r12.text).isEmpty)
            let r13 = try await owner.get("/habits")
            #expect(Self.names(r13.text) == ["Выпить стакан воды"])
        }
    }

    @Test("CSV export and the colours stylesheet", arguments: StoreKind.allCases)
    func exportAndColors(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            _ = try await browser.post("/habits", form: [("name", "Say \"hi\", then wave"), ("color", "#ff2d55"), ("time", "07:30")])
            let csv = try await browser.get("/habits/export.csv")
            #expect(csv.headers[.contentType]?.hasPrefix("text/csv; charset=utf-8") == true)
            #expect(csv.headers[.contentDisposition]?.contains("habits.csv") == true)
            let lines = csv.text.components(separatedBy: "\r\n")
            #expect(lines.first == "habit_id,name,time,color,created_at,day,state,value,unit,note")
            #expect(lines.dropFirst().first?.contains(#","Say ""hi"", then wave",07:30,#ff2d55ff,"#) == true)

            let css = try await browser.get("/habits/colors.css?3=ffd60aff")
            #expect(css.text.contains(#"[data-habit="3"]{--habit:#ffd60aff}"#))
            #expect(css.headers[.cacheControl]?.contains("immutable") == true)
            let r19 = try await browser.get("/habits/colors.css?3=red;}body{")
            #expect(r19.status == .badRequest)
            let r20 = try await browser.get("/habits/colors.css?x=ffd60aff")
            #expect(r20.status == .badRequest)
        }
    }

    @Test("details: name as title, Edit, streaks, heatmap and days; unknown id 404", arguments: StoreKind.allCases)
    func details(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            _ = try await browser.post("/habits", form: Self.water)
            let id = try #require(Self.ids(try await browser.get("/habits").text).first)
            _ = try await browser.post("/habits/\(id)/track", form: [])
            let page = try await browser.get("/habits/\(id)").text
            #expect(page.contains(#"<h1 class="large-title large-title--wraps" id="large-title">Выпить стакан воды</h1>"#), "a large title that wraps (issue 48)")
            #expect(page.contains(">Изменить</a>"), "iOS Russian's Edit (issue 48)")
            // Today is a button of the day form (issue 38), pressed: done.
            #expect(page.contains(#"<span class="habit-day__label">Сегодня</span><span class="visually-hidden">Пропустить или добавить заметку</span></a><button type="submit" class="habit-track__circle habit-day__circle" form="habit-day" formaction="/habits/\#(id)/untrack""#))
            #expect(page.contains(#"aria-pressed="true" aria-label="Снять отметку за "#))
            #expect(Browser.allMatches(of: #"(heatmap__cell--tracked)"#, in: page).count == 1)
            #expect(Browser.allMatches(of: #"(class="heatmap__week")"#, in: page).count == 53)
            // Loop's strength after one done day (issue 48): 5% as a cell, and a year's chart that
            // VoiceOver reads as one sentence.
            #expect(page.contains(#"<span class="cell__label">Сила привычки</span><span class="cell__value">5%</span>"#))
            #expect(page.contains(#"role="img" aria-labelledby="strength-summary""#))
            #expect(page.contains(#"id="strength-summary" aria-hidden="true">Сила привычки сегодня 5%; год назад — 0%, наибольшая — 5%.</p>"#))
            let r21 = try await browser.get("/habits/424242")
            #expect(r21.status == .notFound)
        }
    }

    @Test("past the owner's limit the sheet says so and keeps what was typed (issue 34)")
    func limitReached() async throws {
        let deck = try TestDeck(.sqlite, limits: OwnerLimits(habits: 1))
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let form = [("name", "Stretch"), ("color", "#34c759"), ("time", "07:15")]
            #expect(try await browser.post("/habits", form: form).status == .seeOther)
            let refused = try await browser.post("/habits", form: [("name", "Read a page"), ("color", "#ff9500"), ("time", "21:40")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("You have 1 habit, the most MyHabits keeps for one device."))
            #expect(refused.text.contains(#"value="Read a page""#))
            #expect(refused.text.contains(#"value="21:40""#))
        }
    }
}
