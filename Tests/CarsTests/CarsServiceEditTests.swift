import Cars
import TestDoubles
import Testing

@Suite("CarsService: editing (issue 50)")
struct CarsServiceEditTests {
    static let niva = CarDraft(manufacturer: "Lada", model: "Niva", body: "suv", yearOfIssue: "1977", carNumber: "")

    @Test("a valid edit is stored in place, trimmed, with a body by its name in any language")
    func editing() async throws {
        let store = InMemoryCarStore()
        let cars = CarsService(store: store)
        let niva = try await cars.add(Self.niva, currentYear: 2026).get()
        let other = try await cars.add(CarDraft(manufacturer: "VW", model: "Golf", body: "hatchback"), currentYear: 2026).get()
        let draft = CarDraft(manufacturer: " Lada ", model: "Niva Legend", body: "Внедорожник", yearOfIssue: "", carNumber: " А 123 ВС ")
        let edited = try #require(try await cars.edit(id: niva.id, draft, currentYear: 2026))
        let expected = Car(id: niva.id, manufacturer: "Lada", model: "Niva Legend", body: .suv, yearOfIssue: nil, carNumber: "А 123 ВС")
        #expect(try edited.get() == expected)
        #expect(try await cars.car(id: niva.id) == expected)
        #expect(try await store.cars(body: nil) == [expected, other])
    }

    @Test("a refused edit says why by the add rules and changes nothing")
    func refused() async throws {
        let store = InMemoryCarStore()
        let cars = CarsService(store: store)
        let niva = try await cars.add(Self.niva, currentYear: 2026).get()
        let result = try await cars.edit(
            id: niva.id, CarDraft(manufacturer: "", model: "Niva", body: "tank", yearOfIssue: "2028", carNumber: "A&B"), currentYear: 2026)
        guard case .failure(let errors)? = result else { Issue.record("a refused draft was stored: \(String(describing: result))"); return }
        #expect(errors.fields == [.manufacturer, .body, .yearOfIssue, .carNumber])
        #expect(errors[.yearOfIssue] == .yearOutOfRange(min: 1886, max: 2027))
        #expect(errors == Self.niva.with(manufacturer: "", body: "tank", year: "2028", number: "A&B").addErrors(), "the same errors as adding")
        #expect(try await cars.car(id: niva.id) == niva)
    }

    @Test("another device's car or an unknown id is nil, and that car is not changed")
    func otherDevice() async throws {
        let stores = InMemoryStores()
        let alice = CarsService(store: stores.cars(.console))
        let bob = CarsService(store: stores.cars(try #require(.init("0123456789abcdef0123456789abcdef"))))
        let niva = try await alice.add(Self.niva, currentYear: 2026).get()
        #expect(try await bob.car(id: niva.id) == nil)
        #expect(try await bob.edit(id: niva.id, CarDraft(manufacturer: "X", model: "Y", body: "suv"), currentYear: 2026) == nil)
        #expect(try await alice.edit(id: 999, CarDraft(manufacturer: "X", model: "Y", body: "suv"), currentYear: 2026) == nil)
        #expect(try await alice.car(id: niva.id) == niva)
    }
}

extension CarDraft {
    fileprivate func with(manufacturer: String, body: String, year: String, number: String) -> CarDraft {
        CarDraft(manufacturer: manufacturer, model: model, body: body, yearOfIssue: year, carNumber: number)
    }

    /// What adding this draft refuses with.
    fileprivate func addErrors() -> CarValidationErrors? {
        if case .failure(let errors) = validate(currentYear: 2026) { return errors }
        return nil
    }
}
