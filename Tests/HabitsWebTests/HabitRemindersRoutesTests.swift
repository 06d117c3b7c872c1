import DeckTestSupport
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Issue 38's routes: a habit's reminder turned on and off with a plain form, and a browser's push
/// subscription, checked and kept for its session.
@Suite("MyHabits reminder routes")
struct HabitRemindersRoutesTests {
    static let p256dh = "BH4YmLmlB_Fm_CJkcO3hu9PEUi-toGkYh4WS00sEEt17tUb6l2aBTFCKGvy8sG70Ckia7ReIN41aEGRjoQngrig"
    static let auth = "L7dH4f7xY8zuwOl62p60YA"

    static func subscription(_ endpoint: String, p256dh: String = p256dh) -> String {
        #"{"endpoint":"\#(endpoint)","expirationTime":null,"keys":{"p256dh":"\#(p256dh)","auth":"\#(auth)"}}"#
    }

    @Test("the plain form turns a habit's reminder on and off; the page asks nothing on load", arguments: StoreKind.allCases)
    func reminderForm(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "pl")
            _ = try await browser.post("/habits", form: [("name", "Czytać"), ("color", "#ff2d55"), ("time", "21:15")])
            let id = try #require(Browser.firstMatch(of: #"data-habit="([0-9]+)""#, in: try await browser.get("/habits").text))
            let off = try await browser.get("/habits/\(id)").text
            #expect(off.contains(#"data-reminder-on="no""#))
            #expect(off.contains(#"<button class="cell__button" type="submit">Włącz przypomnienie</button>"#))
            #expect(off.contains("data-vapid-key=\"B"))
            let turned = try await browser.post("/habits/\(id)/reminder", form: [("on", "yes")])
            #expect(turned.status == .seeOther)
            #expect(turned.headers[.location] == "/habits/\(id)")
            let on = try await browser.get("/habits/\(id)").text
            #expect(on.contains(#"data-reminder-on="yes""#))
            #expect(on.contains("Powiadomienie o 21:15 każdego dnia, w którym nawyk nie jest jeszcze wykonany."))
            #expect(try await browser.post("/habits/\(id)/reminder", form: [("on", "no")]).status == .seeOther)
            #expect(try await browser.get("/habits/\(id)").text.contains(#"data-reminder-on="no""#))
            #expect(try await browser.post("/habits/\(id)/reminder", form: [("on", "maybe")]).status == .badRequest)
            #expect(try await browser.post("/habits/999999/reminder", form: [("on", "yes")]).status == .notFound)
            #expect(try await browser.post("/habits/\(id)/reminder", form: [("on", "yes")], csrf: false).status == .forbidden)
            // Another device cannot touch it.
            var other = Browser(client, acceptLanguage: "en")
            #expect(try await other.post("/habits/\(id)/reminder", form: [("on", "yes")]).status == .notFound)
        }
    }

    @Test("a subscription is kept only when it names a push service and a real key", arguments: StoreKind.allCases)
    func subscriptions(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client, acceptLanguage: "en")
            _ = try await browser.get("/habits")
            let good = Self.subscription("https://fcm.googleapis.com/fcm/send/abc123")
            let kept = try await browser.post("/habits/push/subscribe", form: [("subscription", good)])
            #expect(kept.status == .ok)
            #expect(kept.text.contains(#""subscribed":true"#))
            for refused in [
                Self.subscription("http://127.0.0.1:9/push/1"),  // the server's own loopback
                Self.subscription("https://attacker.example/push"),
                Self.subscription("https://fcm.googleapis.com/fcm/send/x", p256dh: "AAAA"),
                "not json",
            ] {
                #expect(try await browser.post("/habits/push/subscribe", form: [("subscription", refused)]).status == .unprocessableContent)
            }
            #expect(try await browser.post("/habits/push/subscribe", form: [("subscription", good)], csrf: false).status == .forbidden)
            let gone = try await browser.post("/habits/push/unsubscribe", form: [("endpoint", "https://fcm.googleapis.com/fcm/send/abc123")])
            #expect(gone.status == .ok && gone.text.contains(#""subscribed":false"#))
        }
    }
}
