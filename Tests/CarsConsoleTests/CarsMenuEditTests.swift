import Cars
import CarsConsole
import Localization
import Storage
import Testing

/// "4. Edit a car" (issue 50): which car, then each field with its current value, by the add rules.
@Suite("CarsMenu: editing a car (issue 50)", .timeLimit(.minutes(1)))
struct CarsMenuEditTests {
    static let camry = NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2015, carNumber: "А123ВС 77")
    static let niva = NewCar(manufacturer: "Lada", model: "Niva", body: .suv)

    /// The body list without its add prompt: editing asks with the current body.
    static let bodyListEN = String(bodiesEN.dropLast("Body type (1–8): ".count))

    @Test func anEditKeepsEmptyAnswersRefusesWhatAddingRefusesAndClearsWithADash() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let camry = try await store.add(Self.camry)
            let niva = try await store.add(Self.niva)
            let result = await session([
                "4", "x", "3", "1", "", "Camry Hybrid", "9", "3", "1700", "-", "A_1", "", "0",
            ], store: store)

            #expect(result.output == """
                \(menuEN)4

                Edit a car
                1. Toyota Camry
                2. Lada Niva
                Car to edit (1–2): x
                Enter a number from 1 to 2.
                Car to edit (1–2): 3
                Enter a number from 1 to 2.
                Car to edit (1–2): 1
                Manufacturer [Toyota] (Enter keeps it): ⏎
                Model [Camry] (Enter keeps it): Camry Hybrid
                \(Self.bodyListEN)Body (1–8) [Sedan] (Enter keeps it): 9
                Enter a number from 1 to 8.
                Body (1–8) [Sedan] (Enter keeps it): 3
                Year of issue [2015] (Enter keeps it, - clears it): 1700
                The year must be from 1886 to 2027.
                Year of issue [2015] (Enter keeps it, - clears it): -
                Car number [А123ВС 77] (Enter keeps it, - clears it): A_1
                Use only letters, digits, spaces and dashes.
                Car number [А123ВС 77] (Enter keeps it, - clears it): ⏎
                Car saved:
                Manufacturer: Toyota
                Model: Camry Hybrid
                Body: Wagon
                Year of issue: -
                Car number: А123ВС 77

                \(menuEN)0
                Goodbye!

                """)
            #expect(result.unread == 0)
            #expect(try await store.cars(body: nil) == [
                Car(id: camry.id, manufacturer: "Toyota", model: "Camry Hybrid", body: .wagon, yearOfIssue: nil, carNumber: "А123ВС 77"),
                niva,
            ])
        }
    }

    @Test func anOptionalFieldWithNoValueSaysNoneAndTakesANewOne() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            _ = try await store.add(Self.camry)
            let niva = try await store.add(Self.niva)
            let result = await session(["4", "2", " ", "", "", "1977", "x 777 xx", "0"], store: store)
            #expect(result.output.contains("Year of issue [none] (Enter keeps it, - clears it): 1977\n"))
            #expect(result.output.contains("Car number [none] (Enter keeps it, - clears it): x 777 xx\nCar saved:\n"))
            #expect(try await store.car(id: niva.id)
                == Car(id: niva.id, manufacturer: "Lada", model: "Niva", body: .suv, yearOfIssue: 1977, carNumber: "x 777 xx"))
        }
    }

    @Test func aRussianEditSaysГосномер() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let camry = try await store.add(Self.camry)
            let result = await session(["4", "1", "", "", "", "", "-", "0"], store: store, catalogue: russian)
            #expect(result.output.contains("""
                Изменение автомобиля
                1. Toyota Camry
                Какой автомобиль изменить (1–1): 1
                Производитель [Toyota] (Enter — оставить): ⏎
                Модель [Camry] (Enter — оставить): ⏎

                """))
            #expect(result.output.contains("Тип кузова (1–8) [Седан] (Enter — оставить): ⏎\n"))
            #expect(result.output.contains("Госномер [А123ВС 77] (Enter — оставить, - — стереть): -\nАвтомобиль сохранён:\n"))
            #expect(!result.output.contains("Гос номер"))
            #expect(try await store.car(id: camry.id)?.carNumber == nil)
        }
    }

    @Test func thePolishEditPrompts() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            _ = try await store.add(Self.niva)
            let result = await session(["4", "1", "", "", "", "", "", "0"], store: store, catalogue: polish)
            #expect(result.output.contains("Edycja samochodu\n1. Lada Niva\nSamochód do edycji (1–1): 1\nProducent [Lada] (Enter – bez zmian): ⏎\n"))
            #expect(result.output.contains("Zapisano samochód:\n"))
        }
    }

    @Test func withNoCarsThereIsNothingToEdit() async throws {
        try await withConsoleDatabase { database, _ in
            let result = await session(["4", "0"], store: database.carStore(owner: .console))
            #expect(result.output == "\(menuEN)4\n\nEdit a car\nNo cars yet.\n\n\(menuEN)0\nGoodbye!\n")
        }
    }

    @Test(arguments: [
        (["4", "1"], "Manufacturer [Toyota] (Enter keeps it): "),
        (["4", "1", "Lexus", "ES"], "Body (1–8) [Sedan] (Enter keeps it): "),
        (["4", "1", "Lexus", "ES", "", ""], "Car number [А123ВС 77] (Enter keeps it, - clears it): "),
    ])
    func endOfInputMidEditChangesNothing(answers: [String], lastPrompt: String) async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let camry = try await store.add(Self.camry)
            let result = await session(answers, store: store)
            #expect(result.output.hasSuffix(lastPrompt + "\n"))
            #expect(!result.output.contains("Car saved"))
            #expect(try await store.cars(body: nil) == [camry])
        }
    }

    @Test func aStorageFailureIsReportedAndTheMenuGoesOn() async {
        let result = await session(["4", "0"], store: BrokenStore())
        #expect(result.output == "\(menuEN)4\n\nEdit a car\nCould not use the car storage: disk on fire\n\n\(menuEN)0\nGoodbye!\n")
    }
}
