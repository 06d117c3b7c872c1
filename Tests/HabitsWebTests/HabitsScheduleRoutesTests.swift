import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 38's schedules through the habit sheet as plain forms, on each backend.
@Suite("MyHabits schedules on the sheet")
struct HabitsScheduleRoutesTests {
    static func habit(_ name: String, _ schedule: [(String, String)]) -> [(String, String)] {
        [("name", name), ("color", "#ff2d55"), ("time", "07:30")] + schedule
    }

    @Test("a schedule chosen on the sheet without a script: listed, shown on the edit sheet, changed back to every day", arguments: StoreKind.allCases)
    func chosenAndEdited(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "ru")
            let sheet = try await browser.get("/habits/new").text
            #expect(sheet.contains(#"name="frequency" value="daily" checked"#), "a new habit is every day")
            #expect(sheet.contains("<legend") && sheet.contains("Повтор"))
            for weekday in 1...7 { #expect(sheet.contains(#"name="weekday\#(weekday)""#)) }

            let created = try await browser.post("/habits", form: Self.habit("Бег", [("frequency", "times"), ("times", "3"), ("days", "7")]))
            #expect(created.status == .seeOther)
            _ = try await browser.post("/habits", form: Self.habit(
                "Плавание", [("frequency", "weekdays"), ("weekday1", "on"), ("weekday3", "on"), ("weekday5", "on"), ("times", "x")]))
            let list = try await browser.get("/habits").text
            #expect(HabitsRoutesTests.names(list) == ["Бег", "Плавание"])
            #expect(list.contains("3 раза в неделю в 07:30"))
            #expect(list.contains("Пн, Ср, Пт в 07:30"))

            let ids = HabitsRoutesTests.ids(list)
            let edit = try await browser.get("/habits/\(ids[1])/edit").text
            #expect(edit.contains(#"name="frequency" value="weekdays" checked"#))
            #expect(edit.contains(#"name="weekday1" value="on" checked"#) && !edit.contains(#"name="weekday2" value="on" checked"#))
            let details = try await browser.get("/habits/\(ids[0])").text
            #expect(details.contains("3 раза в неделю в 07:30"))

            let saved = try await browser.post("/habits/\(ids[0])", form: Self.habit("Бег", [("frequency", "daily"), ("times", "3"), ("days", "7")]))
            #expect(saved.status == .seeOther)
            #expect(try await browser.get("/habits").text.contains("Каждый день в 07:30"))
        }
    }

    @Test("an impossible schedule: 422, a message at the schedule, what was typed kept, nothing stored", arguments: StoreKind.allCases)
    func refused(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "pl")
            let tooMany = try await browser.post("/habits", form: Self.habit("Bieg", [("frequency", "times"), ("times", "9"), ("days", "7")]))
            #expect(tooMany.status == .unprocessableContent)
            #expect(tooMany.text.contains(#"id="error-schedule">Podaj, ile razy"#))
            #expect(tooMany.text.contains(#"name="frequency" value="times" checked"#))
            #expect(tooMany.text.contains(#"name="times" type="text" value="9""#))
            #expect(tooMany.text.contains(#"value="Bieg""#))
            let none = try await browser.post("/habits", form: Self.habit("Bieg", [("frequency", "weekdays")]))
            #expect(none.status == .unprocessableContent)
            #expect(none.text.contains(#"id="error-schedule">Wybierz co najmniej jeden dzień tygodnia."#))
            #expect(HabitsRoutesTests.names(try await browser.get("/habits").text).isEmpty)
        }
    }
}
