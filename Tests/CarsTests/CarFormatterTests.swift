import Cars
import Localization
import Testing

@Suite("CarFormatter (CARS-3, CARS-4)")
struct CarFormatterTests {
    let full = Car(id: 1, manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2015, carNumber: "А123ВС 77")
    let bare = Car(id: 2, manufacturer: "Lada", model: "Niva", body: .suv)

    @Test func englishWithEveryField() {
        #expect(CarFormatter(catalogue: english).lines(for: full) == [
            "Manufacturer: Toyota",
            "Model: Camry",
            "Body: Sedan",
            "Year of issue: 2015",
            "Car number: А123ВС 77",
        ])
    }

    @Test func englishMissingYearIsADashAndMissingNumberIsLeftOut() {
        #expect(CarFormatter(catalogue: english).lines(for: bare) == [
            "Manufacturer: Lada",
            "Model: Niva",
            "Body: SUV",
            "Year of issue: -",
        ])
    }

    @Test func russianWithEveryField() {
        #expect(CarFormatter(catalogue: russian).lines(for: full) == [
            "Производитель: Toyota",
            "Модель: Camry",
            "Тип кузова: Седан",
            "Год выпуска: 2015",
            "Госномер: А123ВС 77",
        ])
    }

    @Test func russianWithoutYearOrNumber() {
        #expect(CarFormatter(catalogue: russian).lines(for: bare) == [
            "Производитель: Lada",
            "Модель: Niva",
            "Тип кузова: Внедорожник",
            "Год выпуска: -",
        ])
    }

    @Test func polishWithEveryField() {
        let wagon = Car(id: 3, manufacturer: "Škoda", model: "Octavia", body: .wagon, yearOfIssue: 2019, carNumber: "WA 12345")
        #expect(CarFormatter(catalogue: polish).lines(for: wagon) == [
            "Producent: Škoda",
            "Model: Octavia",
            "Typ nadwozia: Kombi",
            "Rok produkcji: 2019",
            "Numer rejestracyjny: WA 12345",
        ])
    }

    @Test func polishWithoutYearOrNumber() {
        #expect(CarFormatter(catalogue: polish).lines(for: bare) == [
            "Producent: Lada",
            "Model: Niva",
            "Typ nadwozia: SUV",
            "Rok produkcji: -",
        ])
    }

    @Test func numberWithoutYearKeepsTheDashAndTheNumber() {
        let car = Car(id: 4, manufacturer: "Ford", model: "F-150", body: .pickup, carNumber: "XY-99")
        #expect(CarFormatter(catalogue: english).lines(for: car) == [
            "Manufacturer: Ford",
            "Model: F-150",
            "Body: Pickup",
            "Year of issue: -",
            "Car number: XY-99",
        ])
    }

    @Test func entriesCarrySeparateLabelsAndValues() {
        let entries = CarFormatter(catalogue: russian).entries(for: bare)
        #expect(entries.map(\.label) == ["Производитель", "Модель", "Тип кузова", "Год выпуска"])
        #expect(entries.map(\.value) == ["Lada", "Niva", "Внедорожник", "-"])
    }

    @Test func entriesNameTheirFields() {
        let formatter = CarFormatter(catalogue: english)
        #expect(formatter.entries(for: full).map(\.field) == CarField.allCases)
        #expect(formatter.entries(for: bare).map(\.field) == [.manufacturer, .model, .body, .yearOfIssue])
        #expect(formatter.entries(for: full)[3] == CarFormatter.Entry(field: .yearOfIssue, label: "Year of issue", value: "2015"))
    }

    @Test func aNewCarFormatsLikeTheStoredCar() {
        let formatter = CarFormatter(catalogue: english)
        #expect(formatter.lines(for: NewCar(full)) == formatter.lines(for: full))
        #expect(formatter.entries(for: NewCar(bare)) == formatter.entries(for: bare))
    }
}
