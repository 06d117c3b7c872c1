import Cars
import CarsConsole
import Foundation
import Localization
import Storage
import Synchronization

let english = Catalogues.cars[.en]
let russian = Catalogues.cars[.ru]
let polish = Catalogues.cars[.pl]

/// The year the tests live in: years of issue run from 1886 to 2027.
let testYear = 2026

/// Answers that are echoed into the output when read, as a terminal shows what is typed, so an
/// expected transcript reads like a real session. An empty answer is echoed as "⏎" (so no
/// transcript line ends in an invisible space). End of input echoes nothing.
final class EchoingInput: LineReader {
    private let script: ScriptedInput
    private let echo: RecordingOutput

    init(_ lines: [String], echo: RecordingOutput) {
        self.script = ScriptedInput(lines)
        self.echo = echo
    }

    func readLine() -> String? {
        guard let line = script.readLine() else { return nil }
        echo.write((line.isEmpty ? "⏎" : line) + "\n")
        return line
    }

    var unreadCount: Int { script.unreadCount }
}

struct Session {
    let output: String
    /// Answers the menu never asked for.
    let unread: Int
}

/// Runs the menu over `answers` (echoed) until it returns.
func session(_ answers: [String], store: any CarStore, catalogue: Catalogue = english) async -> Session {
    let output = RecordingOutput()
    let input = EchoingInput(answers, echo: output)
    await CarsMenu(store: store, catalogue: catalogue, input: input, output: output, currentYear: testYear).run()
    return Session(output: output.text, unread: input.unreadCount)
}

/// A directory under the system's temporary directory, removed by `remove()`.
struct TemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("cars-console-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    var databaseFile: URL { url.appendingPathComponent(ConsoleSettings.databaseFileName) }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// A fresh console database in its own temporary directory.
func withConsoleDatabase<T>(_ body: (AppDatabase, TemporaryDirectory) async throws -> T) async throws -> T {
    let directory = try TemporaryDirectory()
    defer { directory.remove() }
    let database = try AppDatabase.open(at: directory.databaseFile, apps: [CarsSQLiteStorage.self])
    defer { try? database.close() }
    return try await body(database, directory)
}

let menuEN = """
    Cars
    1. Add a car
    2. List all cars
    3. List cars by body type
    4. Edit a car
    0. Quit

    """ + "Choose an option (0–4): "

let bodiesEN = """
    Body types:
    1. Sedan
    2. Hatchback
    3. Wagon
    4. Coupe
    5. Convertible
    6. SUV
    7. Minivan
    8. Pickup

    """ + "Body type (1–8): "

let menuRU = """
    Автомобили
    1. Добавить автомобиль
    2. Показать все автомобили
    3. Показать автомобили по типу кузова
    4. Изменить автомобиль
    0. Выход

    """ + "Выберите пункт (0–4): "

let bodiesRU = """
    Типы кузова:
    1. Седан
    2. Хэтчбек
    3. Универсал
    4. Купе
    5. Кабриолет
    6. Внедорожник
    7. Минивэн
    8. Пикап

    """ + "Тип кузова (1–8): "

/// A store whose every call fails.
struct BrokenStore: CarStore {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "disk on fire" }
    }

    func add(_ car: NewCar) async throws -> Car { throw Failure() }
    func cars(body: Body?) async throws -> [Car] { throw Failure() }
    func listSlice(body: Body?, after: Int64?, limit: Int) async throws -> CarListSlice { throw Failure() }
    func delete(id: Int64) async throws -> Bool { throw Failure() }
    func car(id: Int64) async throws -> Car? { throw Failure() }
    func update(id: Int64, with car: NewCar) async throws -> Car? { throw Failure() }
}

/// Answers given in advance: then end of input.
final class ScriptedInput: LineReader {
    private let remaining: Mutex<ArraySlice<String>>

    init(_ lines: [String]) {
        remaining = Mutex(lines[...])
    }

    func readLine() -> String? {
        remaining.withLock { $0.popFirst() }
    }

    /// How many lines were never asked for.
    var unreadCount: Int {
        remaining.withLock { $0.count }
    }
}

/// Everything written, kept in memory.
final class RecordingOutput: TextOutput {
    private let buffer = Mutex("")

    init() {}

    func write(_ text: String) {
        buffer.withLock { $0 += text }
    }

    /// All text written so far.
    var text: String {
        buffer.withLock { $0 }
    }
}
