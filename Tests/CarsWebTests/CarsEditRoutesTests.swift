import DeckTestSupport
import Devices
import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing

/// Editing a car (issue 50): `GET /cars/{id}/edit` is the sheet filled with the car, `POST
/// /cars/{id}` saves it by the add sheet's rules, and neither reaches another device's car.
@Suite("Cars routes: editing")
struct CarsEditRoutesTests {
    @Test("the edit sheet is filled with the car, posts to the car, and has a Delete that asks first", arguments: StoreKind.allCases)
    func sheet(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            _ = try await browser.post("/cars", form: CarsRoutesTests.golf)
            let id = try #require(CarsRoutesTests.ids(try await browser.get("/cars").text).first)
            let response = try await browser.get("/cars/\(id)/edit")
            #expect(response.status == .ok)
            let page = response.text
            #expect(page.contains(#"role="dialog""#))
            #expect(page.contains("<title>Edit Car – Cars</title>"))
            #expect(page.contains(#"<form method="post" action="/cars/\#(id)" novalidate>"#))
            for value in ["Volkswagen", "Golf", "2015", "A 123-BC"] { #expect(page.contains(#"value="\#(value)""#), "\(value)") }
            #expect(page.contains(#"<option value="hatchback" selected>"#))
            #expect(page.contains(#">Save</button>"#))
            #expect(page.contains(#"<form method="post" action="/cars/\#(id)/delete" class="car-delete" data-confirm-title="Delete This Car?" data-confirm-message="Volkswagen Golf" data-confirm-action="Delete">"#))
            #expect(page.contains(#"<button class="car-delete__button" type="submit">Delete Car</button>"#))
            #expect(CarsRoutesTests.rows(page) == ["Volkswagen Golf | Hatchback · 2015 · A 123-BC"], "the list stays under the sheet")
        }
    }

    @Test("saving changes the car in place and goes back to the list with its filter", arguments: StoreKind.allCases)
    func save(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            _ = try await browser.post("/cars", form: CarsRoutesTests.golf)
            _ = try await browser.post("/cars", form: CarsRoutesTests.niva)
            let ids = CarsRoutesTests.ids(try await browser.get("/cars").text)
            let saved = try await browser.post("/cars/\(ids[0])", form: [
                ("manufacturer", " Toyota "), ("model", "Camry"), ("body", "sedan"), ("yearOfIssue", ""), ("carNumber", ""), ("filter", "sedan"),
            ])
            #expect(saved.status == .seeOther)
            #expect(saved.headers[.location] == "/cars?body=sedan")
            let page = try await browser.get("/cars").text
            #expect(CarsRoutesTests.rows(page) == ["Toyota Camry | Sedan · -", "Lada Niva | SUV · -"])
            #expect(CarsRoutesTests.ids(page) == ids, "same car, same place")
            #expect(Browser.allMatches(of: #"class="segmented__item[^"]*" href="([^"]+)""#, in: page) == ["/cars", "/cars?body=sedan", "/cars?body=suv"])
        }
    }

    @Test("a refused edit is 422 with the add sheet's messages and everything typed kept; the car is unchanged", arguments: StoreKind.allCases)
    func refused(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var browser = Browser(client)
            _ = try await browser.post("/cars", form: CarsRoutesTests.golf)
            let id = try #require(CarsRoutesTests.ids(try await browser.get("/cars").text).first)
            let response = try await browser.post("/cars/\(id)", form: [
                ("manufacturer", "   "), ("model", "<b>Golf</b>"), ("body", "wagon"), ("yearOfIssue", "1700"), ("carNumber", "A1 & B2"),
            ])
            #expect(response.status == .unprocessableContent)
            let page = response.text
            #expect(page.contains(#"<form method="post" action="/cars/\#(id)" novalidate>"#), "still the edit sheet")
            #expect(page.contains(#"<p class="form-summary" role="alert">Please correct 3 fields.</p>"#))
            #expect(page.contains(#"<p class="form-cell__error" id="error-manufacturer">This field is required.</p>"#))
            #expect(page.contains(#"id="error-yearOfIssue""#) && page.contains(#"id="error-carNumber""#))
            #expect(!page.contains(#"id="error-model""#))
            #expect(page.contains(#"value="1700""#))
            #expect(page.contains(#"value="&lt;b&gt;Golf&lt;/b&gt;""#))
            #expect(page.contains(#"value="A1 &amp; B2""#))
            #expect(page.contains(#"<option value="wagon" selected>"#))
            #expect(page.contains(#"data-confirm-message="Volkswagen Golf""#), "Delete names the car as stored")
            #expect(CarsRoutesTests.rows(try await browser.get("/cars").text) == ["Volkswagen Golf | Hatchback · 2015 · A 123-BC"])
        }
    }

    @Test("another device's car, an unknown id or no number is 404 for the sheet and the save, and stays as it was",
          arguments: StoreKind.allCases)
    func otherDevice(stores: StoreKind) async throws {
        try await TestDeck(stores).run { client in
            var owner = Browser(client)
            _ = try await owner.post("/cars", form: CarsRoutesTests.golf)
            let id = try #require(CarsRoutesTests.ids(try await owner.get("/cars").text).first)
            var stranger = Browser(client)
            #expect(try await stranger.get("/cars/\(id)/edit").status == .notFound)
            #expect(try await stranger.post("/cars/\(id)", form: CarsRoutesTests.niva).status == .notFound)
            let invalidFromStranger = [("manufacturer", ""), ("model", ""), ("body", ""), ("yearOfIssue", ""), ("carNumber", "")]
            #expect(try await stranger.post("/cars/\(id)", form: invalidFromStranger).status == .notFound, "not 422: nothing says the car exists")
            #expect(CarsRoutesTests.rows(try await owner.get("/cars").text) == ["Volkswagen Golf | Hatchback · 2015 · A 123-BC"])
            for path in ["/cars/999999/edit", "/cars/abc/edit", "/cars/0/edit"] {
                #expect(try await owner.get(path).status == .notFound, "\(path)")
            }
            #expect(try await owner.post("/cars/999999", form: CarsRoutesTests.niva).status == .notFound)
            #expect(try await owner.post("/cars/abc", form: CarsRoutesTests.niva).status == .notFound)
        }
    }

    @Test("the edit sheet speaks the page's language", arguments: [
        ("en", "Edit Car", "Save", "Delete Car", "Car number"), ("ru", "Изменение автомобиля", "Сохранить", "Удалить автомобиль", "Госномер"),
        ("pl", "Edycja samochodu", "Zapisz", "Usuń samochód", "Numer rejestracyjny"),
    ])
    func languages(language: String, title: String, save: String, delete: String, number: String) async throws {
        try await TestDeck(.sqlite).run { client in
            var browser = Browser(client, acceptLanguage: language)
            _ = try await browser.post("/cars", form: CarsRoutesTests.niva)
            let id = try #require(CarsRoutesTests.ids(try await browser.get("/cars").text).first)
            let page = try await browser.get("/cars/\(id)/edit").text
            #expect(page.contains("<title>\(title) – "))
            #expect(page.contains(#">\#(save)</button>"#))
            #expect(page.contains(#">\#(delete)</button>"#))
            #expect(page.contains(#">\#(number)</label>"#))
        }
    }
}
