import Devices
import Cars
import CarsConsole
import Foundation
import Localization
import Storage
import Testing

@Suite("CarsMenu (CARS-1)", .timeLimit(.minutes(1)))
struct CarsMenuTests {
    @Test func aWholeSessionWithMistakesAndCorrections() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let result = await session([
                "abc", "7", "2",
                "1", "", "  Toyota", "Camry", "0", "sedan", "1", "1700", "20x5", "2015", "A_1", "А123ВС 77",
                "1", "Lada", "Niva", "6", "", "",
                "2",
                "3", "9", "6",
                "3", "4",
                "0",
            ], store: store)

            #expect(result.output == """
                \(menuEN)abc
                Enter a number from 0 to 4.
                Choose an option (0–4): 7
                Enter a number from 0 to 4.
                Choose an option (0–4): 2

                No cars yet.

                \(menuEN)1

                New car
                Manufacturer: ⏎
                This field is required.
                Manufacturer:   Toyota
                Model: Camry
                \(bodiesEN)0
                Enter a number from 1 to 8.
                Body type (1–8): sedan
                Enter a number from 1 to 8.
                Body type (1–8): 1
                Year of issue (optional, press Enter to skip): 1700
                The year must be from 1886 to 2027.
                Year of issue (optional, press Enter to skip): 20x5
                Enter the year as a number, e.g. 2015.
                Year of issue (optional, press Enter to skip): 2015
                Car number (optional, press Enter to skip): A_1
                Use only letters, digits, spaces and dashes.
                Car number (optional, press Enter to skip): А123ВС 77
                Car added:
                Manufacturer: Toyota
                Model: Camry
                Body: Sedan
                Year of issue: 2015
                Car number: А123ВС 77

                \(menuEN)1

                New car
                Manufacturer: Lada
                Model: Niva
                \(bodiesEN)6
                Year of issue (optional, press Enter to skip): ⏎
                Car number (optional, press Enter to skip): ⏎
                Car added:
                Manufacturer: Lada
                Model: Niva
                Body: SUV
                Year of issue: -

                \(menuEN)2

                2 cars:

                Manufacturer: Toyota
                Model: Camry
                Body: Sedan
                Year of issue: 2015
                Car number: А123ВС 77

                Manufacturer: Lada
                Model: Niva
                Body: SUV
                Year of issue: -

                \(menuEN)3

                Cars by body type
                \(bodiesEN)9
                Enter a number from 1 to 8.
                Body type (1–8): 6

                1 car:

                Manufacturer: Lada
                Model: Niva
                Body: SUV
                Year of issue: -

                \(menuEN)3

                Cars by body type
                \(bodiesEN)4

                No cars with body type Coupe yet.

                \(menuEN)0
                Goodbye!

                """)
            #expect(result.unread == 0)
            let stored = try await store.cars(body: nil)
            #expect(stored.map(NewCar.init) == [
                NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2015, carNumber: "А123ВС 77"),
                NewCar(manufacturer: "Lada", model: "Niva", body: .suv),
            ])
        }
    }

    @Test func theRawOutputHasPromptsWithoutLineBreaksAndAnswersAreTrimmed() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let output = RecordingOutput()
            let input = ScriptedInput([" 1 ", "  Toyota ", " Corolla\t", " 2 ", "  ", " ab-12 ", "0"])
            await CarsMenu(store: store, catalogue: english, input: input, output: output, currentYear: testYear).run()

            let menu = "Cars\n1. Add a car\n2. List all cars\n3. List cars by body type\n4. Edit a car\n0. Quit\nChoose an option (0–4): "
            let bodies = "Body types:\n1. Sedan\n2. Hatchback\n3. Wagon\n4. Coupe\n5. Convertible\n6. SUV\n7. Minivan\n8. Pickup\n"
            #expect(output.text == menu
                + "\nNew car\nManufacturer: Model: " + bodies + "Body type (1–8): "
                + "Year of issue (optional, press Enter to skip): Car number (optional, press Enter to skip): "
                + "Car added:\nManufacturer: Toyota\nModel: Corolla\nBody: Hatchback\nYear of issue: -\nCar number: ab-12\n"
                + "\n" + menu + "Goodbye!\n")
            #expect(input.unreadCount == 0)
            let stored = try await store.cars(body: nil)
            #expect(stored.map(NewCar.init) == [
                NewCar(manufacturer: "Toyota", model: "Corolla", body: .hatchback, yearOfIssue: nil, carNumber: "ab-12"),
            ])
        }
    }

    @Test func aRussianSession() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let result = await session([
                "2", "abc", "1", "ВАЗ", "2101", "1", "1700", "1970", "а 123 вс", "2", "0",
            ], store: store, catalogue: russian)

            #expect(result.output == """
                \(menuRU)2

                Автомобилей пока нет.

                \(menuRU)abc
                Введите число от 0 до 4.
                Выберите пункт (0–4): 1

                Новый автомобиль
                Производитель: ВАЗ
                Модель: 2101
                \(bodiesRU)1
                Год выпуска (необязательно, Enter — пропустить): 1700
                Год должен быть от 1886 до 2027.
                Год выпуска (необязательно, Enter — пропустить): 1970
                Госномер (необязательно, Enter — пропустить): а 123 вс
                Автомобиль добавлен:
                Производитель: ВАЗ
                Модель: 2101
                Тип кузова: Седан
                Год выпуска: 1970
                Госномер: а 123 вс

                \(menuRU)2

                1 автомобиль:

                Производитель: ВАЗ
                Модель: 2101
                Тип кузова: Седан
                Год выпуска: 1970
                Госномер: а 123 вс

                \(menuRU)0
                До свидания!

                """)
            #expect(result.unread == 0)
        }
    }

    @Test func thePolishMenu() async throws {
        let result = await session(["0"], store: BrokenStore(), catalogue: polish)
        #expect(result.output == """
            Samochody
            1. Dodaj samochód
            2. Pokaż wszystkie samochody
            3. Pokaż samochody według typu nadwozia
            4. Edytuj samochód
            0. Zakończ
            Wybierz opcję (0–4): 0
            Do widzenia!

            """)
    }

    @Test func everyRuleOfTheAddQuestions() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let long = String(repeating: "x", count: 65)
            let result = await session([
                "1",
                long, "Mercedes-Benz",
                "", "W123",
                "", "-1", "8",
                "abc", "1885", "2028", "2027",
                "12345678901234567", "#1", "B 1234-XY",
                "0",
            ], store: store)

            #expect(result.output == """
                \(menuEN)1

                New car
                Manufacturer: \(long)
                Too long: at most 64 characters.
                Manufacturer: Mercedes-Benz
                Model: ⏎
                This field is required.
                Model: W123
                \(bodiesEN)⏎
                Enter a number from 1 to 8.
                Body type (1–8): -1
                Enter a number from 1 to 8.
                Body type (1–8): 8
                Year of issue (optional, press Enter to skip): abc
                Enter the year as a number, e.g. 2015.
                Year of issue (optional, press Enter to skip): 1885
                The year must be from 1886 to 2027.
                Year of issue (optional, press Enter to skip): 2028
                The year must be from 1886 to 2027.
                Year of issue (optional, press Enter to skip): 2027
                Car number (optional, press Enter to skip): 12345678901234567
                Too long: at most 16 characters.
                Car number (optional, press Enter to skip): #1
                Use only letters, digits, spaces and dashes.
                Car number (optional, press Enter to skip): B 1234-XY
                Car added:
                Manufacturer: Mercedes-Benz
                Model: W123
                Body: Pickup
                Year of issue: 2027
                Car number: B 1234-XY

                \(menuEN)0
                Goodbye!

                """)
            let pickups = try await store.cars(body: .pickup)
            #expect(pickups.count == 1)
        }
    }

    // MARK: End of input

    /// Each script stops at a different prompt: `run()` returns, the last prompt gets a line
    /// break, and no half-entered car is stored.
    @Test(arguments: [
        ([String](), "Choose an option (0–4): "),
        (["x"], "Enter a number from 0 to 4.\nChoose an option (0–4): "),
        (["1"], "Manufacturer: "),
        (["1", ""], "This field is required.\nManufacturer: "),
        (["1", "Toyota"], "Model: "),
        (["1", "Toyota", "Camry"], "Body type (1–8): "),
        (["1", "Toyota", "Camry", "10"], "Enter a number from 1 to 8.\nBody type (1–8): "),
        (["1", "Toyota", "Camry", "1"], "Year of issue (optional, press Enter to skip): "),
        (["1", "Toyota", "Camry", "1", "1700"], "The year must be from 1886 to 2027.\nYear of issue (optional, press Enter to skip): "),
        (["1", "Toyota", "Camry", "1", "2015"], "Car number (optional, press Enter to skip): "),
        (["3"], "Body type (1–8): "),
        (["2"], "No cars yet.\n\n" + menuEN),
    ])
    func endOfInputEndsTheMenuQuietly(answers: [String], lastPrompt: String) async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let result = await session(answers, store: store)
            #expect(result.output.hasSuffix(lastPrompt + "\n"))
            #expect(result.unread == 0)
            #expect(!result.output.contains("Car added"))
            #expect(!result.output.contains("Goodbye"))
            let stored = try await store.cars(body: nil)
            #expect(stored.isEmpty)
        }
    }

    @Test func endOfInputRightAfterAddingKeepsTheCar() async throws {
        try await withConsoleDatabase { database, _ in
            let store = database.carStore(owner: .console)
            let result = await session(["1", "Toyota", "Camry", "1", "", ""], store: store)
            #expect(result.output.hasSuffix("Year of issue: -\n\n" + menuEN + "\n"))
            let stored = try await store.cars(body: nil)
            #expect(stored.count == 1)
        }
    }

    // MARK: Storage

    @Test func carsPersistWhenTheDatabaseIsReopened() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let first = try AppDatabase.open(at: directory.databaseFile, apps: [CarsSQLiteStorage.self])
        _ = await session(
            ["1", "Toyota", "Camry", "1", "2015", "А123ВС 77", "1", "Lada", "Niva", "6", "", "", "0"],
            store: first.carStore(owner: .console))
        try first.close()

        let reopened = try AppDatabase.open(at: directory.databaseFile, apps: [CarsSQLiteStorage.self])
        defer { try? reopened.close() }
        let store = reopened.carStore(owner: .console)
        #expect(try await store.cars(body: nil).map(NewCar.init) == [
            NewCar(manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2015, carNumber: "А123ВС 77"),
            NewCar(manufacturer: "Lada", model: "Niva", body: .suv),
        ])
        // The console's cars are its own: a browser's store doesn't see them.
        #expect(try await reopened.carStore(owner: DeviceID.random()).cars(body: nil).isEmpty)

        let listing = await session(["3", "1", "0"], store: store)
        #expect(listing.output == """
            \(menuEN)3

            Cars by body type
            \(bodiesEN)1

            1 car:

            Manufacturer: Toyota
            Model: Camry
            Body: Sedan
            Year of issue: 2015
            Car number: А123ВС 77

            \(menuEN)0
            Goodbye!

            """)
    }

    @Test func aStorageFailureIsReportedAndTheMenuGoesOn() async {
        let result = await session(["2", "1", "Toyota", "Camry", "1", "", "", "3", "2", "0"], store: BrokenStore())
        #expect(result.output == """
            \(menuEN)2

            Could not use the car storage: disk on fire

            \(menuEN)1

            New car
            Manufacturer: Toyota
            Model: Camry
            \(bodiesEN)1
            Year of issue (optional, press Enter to skip): ⏎
            Car number (optional, press Enter to skip): ⏎
            Could not use the car storage: disk on fire

            \(menuEN)3

            Cars by body type
            \(bodiesEN)2

            Could not use the car storage: disk on fire

            \(menuEN)0
            Goodbye!

            """)
    }
}
