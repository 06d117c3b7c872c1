import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import ZIPFoundation

/// Issue 36's "Import from other habit trackers" through MyHabits' routes, on each backend.
@Suite("MyHabits import routes")
struct HabitsImportRoutesTests {
    /// HabitBull's CSV: a repeated row, US dates, a note with quotes and commas, a value of 0.
    static let habitBull = [
        "HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText",
        #"Read,Pages,Mind,2025-03-01,1,"Chapter 3, ""Dune""""#,
        #"Read,Pages,Mind,2025-03-01,1,"Chapter 3, ""Dune""""#,
        "Read,Pages,Mind,3/2/2025,2,",
        "Read,Pages,Mind,3/3/2025,0,",
        "Walk,,,12/31/2024,1,",
    ].joined(separator: "\n") + "\n"

    /// Loop's "Export as CSV": one yes/no habit with manual, automatic and skipped days.
    static func loopExport() throws -> Data {
        let habits = "Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?\r\n"
            + "001,Meditate,YES_NO,Did you meditate?,,1,1,8,,AT_LEAST,0,false\r\n"
        let checkmarks = "Date,Value,Notes\r\n2025-03-03,YES_MANUAL,\"Calm, \"\"deep\"\"\"\r\n2025-03-02,YES_AUTO,\r\n2025-03-01,YES_MANUAL,\r\n2025-02-28,SKIP,\r\n"
        let archive = try Archive(data: Data(), accessMode: .create)
        for (path, text) in [("Habits.csv", habits), ("001 Meditate/Checkmarks.csv", checkmarks)] {
            let bytes = Data(text.utf8)
            try archive.addEntry(with: path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
                bytes.subdata(in: Int(position)..<Int(position) + size)
            }
        }
        return try #require(archive.data)
    }

    static func names(_ page: String) -> [String] {
        Browser.allMatches(of: #"<span class="habit-card__name">([^<]*)</span>"#, in: page)
    }

    static func sealed(_ page: String) throws -> String {
        try #require(Browser.firstMatch(of: #"name="file" value="([^"]+)""#, in: page))
    }

    @Test("a HabitBull CSV: preview, a taken name suffixed, losses said; added on confirmation", arguments: StoreKind.allCases)
    func habitBullImport(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/device/time-zone", form: [("timeZone", "Europe/Warsaw")])
            _ = try await browser.post("/habits", form: [("name", "Read"), ("color", "#ff2d55"), ("time", "07:30")])
            let list = try await browser.get("/habits").text
            // Issue 48: Import is in the list's "…" menu, an action sheet over the list.
            #expect(list.contains(#"<a class="nav-bar__action nav-bar__action--more" href="/habits/menu" aria-label="More">"#))
            #expect(!list.contains(#"href="/habits/import""#))
            let menu = try await browser.get("/habits/menu").text
            #expect(menu.contains(#"<a class="action-sheet__button" href="/habits/import" rel="import-habits">Import from Loop or HabitBull</a>"#))
            #expect(menu.contains(#"<a class="action-sheet__button" href="/habits/order">Order and Archive</a>"#))
            #expect(menu.contains(#"<a class="action-sheet__button" href="/habits/export.csv" download>Export as CSV</a>"#))
            #expect(menu.contains(#"<a class="action-sheet__button action-sheet__cancel" href="/habits" data-sheet-cancel="">Cancel</a>"#))
            #expect(try await browser.get("/habits/import").text.contains(#"<label class="file-picker__label" for="habits-import-file">File to import</label>"#))

            let preview = try await browser.postMultipart("/habits/import", files: [("file", "habits.csv", Data(Self.habitBull.utf8))])
            #expect(preview.status == .ok)
            let page = preview.text
            #expect(page.contains("From HabitBull"))
            #expect(page.contains("Adds 2 habits and 3 done days."))
            #expect(page.contains("“Read” is added as “Read (2)”: you have a habit of that name."))
            #expect(!page.contains("1 note"), "a day's comment is kept as its note (issue 48)")
            #expect(Self.names(try await browser.get("/habits").text) == ["Read"], "nothing added before the confirmation")

            let confirmed = try await browser.postMultipart("/habits/import/confirm", fields: [("file", try Self.sealed(page))], files: [])
            #expect(confirmed.status == .seeOther)
            let location = try #require(confirmed.headers[.location])
            #expect(location.hasPrefix("/habits/import/result?habits=2&days=3"))
            #expect(try await browser.get(location).text.contains("Added 2 habits and 3 done days."))
            #expect(Self.names(try await browser.get("/habits").text) == ["Read", "Read (2)", "Walk"])
        }
    }

    @Test("today is the deck's clock's: a day after it is refused, though the wall clock has passed it (issue 51)", arguments: StoreKind.allCases)
    func todayIsTheDecksClock(stores: StoreKind) async throws {
        var deck = try TestDeck(stores)
        let noonOfMarch2 = Date(timeIntervalSince1970: 1_740_916_800)  // 2025-03-02 12:00 UTC
        deck.now = { noonOfMarch2 }
        try await deck.run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/device/time-zone", form: [("timeZone", "Europe/Warsaw")])
            let march3 = Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,3/3/2025,1,\n".utf8)
            let refused = try await browser.postMultipart("/habits/import", files: [("file", "habits.csv", march3)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("has not come yet"))
            let march2 = Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,3/2/2025,1,\n".utf8)
            let preview = try await browser.postMultipart("/habits/import", files: [("file", "habits.csv", march2)])
            #expect(preview.status == .ok)
            #expect(preview.text.contains("From HabitBull"))
        }
    }

    @Test("a preview is confirmed once: a replayed confirmation adds nothing and says so (issue 46, item 9)", arguments: StoreKind.allCases)
    func replayedConfirmation(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.post("/habits", form: [("name", "Read"), ("color", "#ff2d55"), ("time", "07:30")])
            let preview = try await browser.postMultipart("/habits/import", files: [("file", "habits.csv", Data(Self.habitBull.utf8))])
            let sealed = try Self.sealed(preview.text)
            #expect(try await browser.postMultipart("/habits/import/confirm", fields: [("file", sealed)], files: []).status == .seeOther)
            for _ in 0..<2 {
                let replayed = try await browser.postMultipart("/habits/import/confirm", fields: [("file", sealed)], files: [])
                #expect(replayed.status == .conflict)
                #expect(replayed.text.contains("This import was already added. To add the file again, choose it again."))
            }
            #expect(Self.names(try await browser.get("/habits").text) == ["Read", "Read (2)", "Walk"], "added once")
            // The same file previewed again is a new preview, confirmed once more on purpose.
            let again = try await browser.postMultipart("/habits/import", files: [("file", "habits.csv", Data(Self.habitBull.utf8))])
            #expect(try await browser.postMultipart("/habits/import/confirm", fields: [("file", try Self.sealed(again.text))], files: []).status == .seeOther)
            #expect(Self.names(try await browser.get("/habits").text).count == 5)
        }
    }

    @Test("a Loop ZIP: only the days the person marked are done; the question and automatic days are said", arguments: StoreKind.allCases)
    func loopImport(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let preview = try await browser.postMultipart("/habits/import", files: [("file", "Loop Habits CSV 2025-03-04.zip", try Self.loopExport())])
            let page = preview.text
            #expect(preview.status == .ok)
            #expect(page.contains("From Loop Habit Tracker"))
            #expect(page.contains("Adds 1 habit and 2 done days."))
            #expect(page.contains("the question of 1 habit") && page.contains("1 day the other app filled in by frequency"))
            #expect(!page.contains("skipped day") && !page.contains("note"), "Loop's SKIP and Notes are kept (issue 48)")
            let confirmed = try await browser.postMultipart("/habits/import/confirm", fields: [("file", try Self.sealed(page))], files: [])
            #expect(confirmed.status == .seeOther)
            let list = try await browser.get("/habits").text
            #expect(Self.names(list) == ["Meditate"])
            #expect(list.contains("2 days done") || list.contains(">2<"))
        }
    }

    @Test("hostile or broken files are refused with their message and nothing is added", arguments: StoreKind.allCases)
    func refused(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            let cases: [(Data, String)] = [
                (Data("HabitName,HabitDescription,HabitCategory,CalendarDate,Value,CommentText\nRead,,,2025-03-01,1,\"open\n".utf8),
                 "A quoted field is never closed."),
                (Data("just some text\n".utf8), "This file is neither a Loop Habit Tracker export (a ZIP file) nor a HabitBull CSV file."),
                (Data("HabitName,CalendarDate,Value\nRead,2023-02-30,1\n".utf8), "“2023-02-30” in the column “CalendarDate” is not a date."),
                (Data([0x50, 0x4B, 0x03, 0x04, 0, 0, 0]), "The ZIP file is damaged or uses features that exports do not use."),
                (Data(repeating: 65, count: 20 * 1024 * 1024 + 1), "The file is larger than 20 MB."),
            ]
            for (data, message) in cases {
                let response = try await browser.postMultipart("/habits/import", files: [("file", "x.csv", data)])
                #expect(response.status == .unprocessableContent, "\(message)")
                #expect(response.text.contains(message.replacingOccurrences(of: "\"", with: "&quot;")), "\(message): \(Browser.firstMatch(of: #"role="alert">([^<]*)<"#, in: response.text) ?? "none")")
                #expect(!response.text.contains("/habits/import/confirm"))
            }
            #expect(Self.names(try await browser.get("/habits").text).isEmpty)
        }
    }

    @Test("a confirmation needs this device's seal; Russian messages")
    func confirmationGuards() async throws {
        try await TestDeck(.sqlite).run { client in
            var owner = Browser(client, acceptLanguage: "ru")
            let preview = try await owner.postMultipart("/habits/import", files: [("file", "h.csv", Data(Self.habitBull.utf8))])
            #expect(preview.text.contains("Импортировать эти привычки?"))
            var other = Browser(client, acceptLanguage: "ru")
            let stolen = try await other.postMultipart("/habits/import/confirm", fields: [("file", try Self.sealed(preview.text))], files: [])
            #expect(stolen.status == .unprocessableContent)
            #expect(stolen.text.contains("Срок просмотра истёк. Выберите файл ещё раз."))
            #expect(Self.names(try await other.get("/habits").text).isEmpty)
        }
    }
}
