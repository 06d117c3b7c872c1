import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 48 through MyHabits' routes: a day's sheet (done, skipped, not done, a note) as a plain
/// form over the details, on each backend.
@Suite("MyHabits day sheet routes")
struct HabitDayRoutesTests {
    typealias History = HabitsHistoryRoutesTests

    @Test("a day's row opens its sheet; skipped with a note, the row and the heatmap say so; done takes the skip back", arguments: StoreKind.allCases)
    func skipAndNote(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let id = try await History.readWithHistory(&browser)
            let day = History.day(-4)
            let details = try await browser.get("/habits/\(id)").text
            #expect(details.contains(#"<a class="habit-day__open" href="/habits/\#(id)/day?on=\#(day)">"#), "the row is a link to its sheet")
            #expect(details.contains(#"<span class="visually-hidden">Skip or add a note</span>"#))

            let sheet = try await browser.get("/habits/\(id)/day?on=\(day)").text
            #expect(sheet.contains(#"role="dialog" aria-modal="true""#) && sheet.contains(#"action="/habits/\#(id)/day?on=\#(day)""#))
            #expect(sheet.contains(#"<input type="radio" name="state" value="none" checked>"#), "the day is neither done nor skipped")
            #expect(sheet.contains(#"<label class="form-cell__label" for="field-note">Note</label>"#))

            let saved = try await browser.post("/habits/\(id)/day?on=\(day)", form: [("state", "skipped"), ("note", "  Rain,\r\nthen \"sun\"  ")])
            #expect(saved.status == .seeOther && saved.headers[.location] == "/habits/\(id)")
            let after = try await browser.get("/habits/\(id)").text
            #expect(after.contains(#"<span class="habit-day__skipped">Skipped</span><span class="habit-day__note">Rain,"#))
            #expect(after.contains("then &quot;sun&quot;</span>") || after.contains("then \"sun\"</span>"))
            #expect(after.contains("heatmap__cell--skipped"))
            let reopened = try await browser.get("/habits/\(id)/day?on=\(day)").text
            #expect(reopened.contains(#"value="skipped" checked>"#) && reopened.contains("Rain,\nthen"))

            _ = try await browser.post("/habits/\(id)/day?on=\(day)", form: [("state", "done"), ("note", "Rain")])
            let done = try await browser.get("/habits/\(id)").text
            #expect(History.trackedDays(done) == [History.day(-3), day, History.day(-5)])
            #expect(!done.contains("habit-day__skipped") && done.contains(#"<span class="habit-day__note">Rain</span>"#))
            _ = try await browser.post("/habits/\(id)/day?on=\(day)", form: [("state", "none"), ("note", "")])
            let cleared = try await browser.get("/habits/\(id)").text
            #expect(History.trackedDays(cleared) == [History.day(-3), History.day(-5)] && !cleared.contains("habit-day__note"))
        }
    }

    @Test("a note too long: 422 in the page's language, what was typed kept, nothing changed; a bad day or state is refused", arguments: StoreKind.allCases)
    func refused(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let id = try await History.readWithHistory(&browser)
            let day = History.day(-3)
            let long = String(repeating: "ё", count: 1_001)
            let tooLong = try await browser.post("/habits/\(id)/day?on=\(day)", form: [("state", "skipped"), ("note", long)])
            #expect(tooLong.status == .unprocessableContent)
            #expect(tooLong.text.contains("Слишком длинно: не больше 1\u{00A0}000 символов."))
            #expect(tooLong.text.contains(long) && tooLong.text.contains(#"value="skipped" checked>"#), "what was typed is kept")
            #expect(History.trackedDays(try await browser.get("/habits/\(id)").text) == [day, History.day(-5)], "nothing changed")

            let old = try await browser.post("/habits/\(id)/day?on=\(History.day(-371))", form: [("state", "skipped"), ("note", "")])
            #expect(old.status == .unprocessableContent && old.text.contains("День больше года назад отметить нельзя."))
            #expect(try await browser.post("/habits/\(id)/day?on=\(day)", form: [("state", "maybe")]).status == .badRequest)
            #expect(try await browser.post("/habits/\(id)/day?on=2026-02-30", form: [("state", "done")]).status == .badRequest)
            #expect(try await browser.get("/habits/\(id)/day").status == .ok, "without a day: today's sheet (a number's card opens it)")
            #expect(try await browser.get("/habits/\(id)/day?on=today").status == .badRequest)
            #expect(try await browser.get("/habits/424242/day?on=\(day)").status == .notFound)
            #expect(try await browser.post("/habits/424242/day?on=\(day)", form: [("state", "done")]).status == .notFound)
        }
    }

    @Test("a number habit (issue 48): made with a target in the page's language, its card's circle opens today's sheet, a value typed with a comma shows as '3,5 / 5 км'; a bad number is 422 as typed", arguments: StoreKind.allCases)
    func measurable(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            _ = try await browser.get("/habits")
            let form = [("name", "Бег"), ("color", "#34c759"), ("time", "07:00"), ("frequency", "daily"), ("kind", "number"), ("unit", "км"),
                        ("targetKind", "atLeast")]
            let refused = try await browser.post("/habits", form: form + [("target", "пять")])
            #expect(refused.status == .unprocessableContent && refused.text.contains(#"id="error-target""#) && refused.text.contains("value=\"пять\""))
            #expect(try await browser.post("/habits", form: form + [("target", "5")]).status == .seeOther)
            var list = try await browser.get("/habits").text
            let id = try #require(list.firstRange(of: #/data-habit="(\d+)"/#).map { String(list[$0]).filter(\.isNumber) })
            #expect(list.contains(#"<a class="habit-track__circle habit-track__circle--value" href="/habits/\#(id)/day" aria-label="Ввести число за сегодня: Бег""#))
            #expect(list.contains(#"<span class="habit-card__counter" data-counter>0 / 5 км</span>"#))

            let sheet = try await browser.get("/habits/\(id)/day").text
            #expect(sheet.contains(#"<label class="form-cell__label" for="field-value">Число, км</label>"#))
            #expect(sheet.contains(#"inputmode="decimal""#) && sheet.contains("Не меньше 5 км в день"))
            #expect(try await browser.post("/habits/\(id)/day", form: [("state", "none"), ("value", "3,5"), ("note", "")]).status == .seeOther)
            list = try await browser.get("/habits").text
            #expect(list.contains(#"data-counter>3,5 / 5 км</span>"#) && !list.contains(#"Бег" data-done"#), "3.5 of 5: not met")
            let bad = try await browser.post("/habits/\(id)/day", form: [("state", "none"), ("value", "3,5,1"), ("note", "тихо")])
            #expect(bad.status == .unprocessableContent && bad.text.contains(#"value="3,5,1""#) && bad.text.contains("тихо"))
            #expect(bad.text.contains("Введите число от 0 до 1 000 000 000, например 2,5"))
            #expect(try await browser.post("/habits/\(id)/day", form: [("state", "none"), ("value", "5"), ("note", "")]).status == .seeOther)
            list = try await browser.get("/habits").text
            #expect(list.contains(#"data-counter>5 / 5 км</span>"#) && list.contains(#"Бег" data-done>"#))
            let details = try await browser.get("/habits/\(id)").text
            #expect(details.contains(#"<span class="habit-day__value">5 км</span>"#))
        }
    }
}
