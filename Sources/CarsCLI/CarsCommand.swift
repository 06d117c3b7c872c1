import Devices
import ArgumentParser
import Cars
import CarsConsole
import Foundation
import Localization
import Persistence
import Storage

struct CarsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "cars",
        abstract: "Keep a list of cars: add them, list them, filter them by body type.",
        discussion: """
            Without a subcommand, cars shows an interactive menu. Cars are kept in \
            cars-console.sqlite in the data directory.
            """,
        subcommands: [Menu.self, Add.self, List.self],
        defaultSubcommand: Menu.self)
}

/// Options every subcommand takes.
struct CommonOptions: ParsableArguments {
    @Option(
        name: .customLong("data-dir"),
        help: ArgumentHelp(
            "Directory for the database (created if missing).",
            discussion: "Default: $APPDECK_DATA_DIR, else $XDG_DATA_HOME/appdeck, else ~/.local/share/appdeck."),
        completion: .directory)
    var dataDir: String?

    @Option(help: "Language: en, ru or pl. Default: from LC_ALL, LC_MESSAGES or LANG, else en.")
    var lang: String?

    func validate() throws {
        if let lang, Language(tag: lang) == nil {
            throw ValidationError("Unknown language '\(lang)'. Use en, ru or pl.")
        }
    }

    var catalogue: Catalogue {
        Catalogues.cars[ConsoleSettings.language(option: lang, environment: ProcessInfo.processInfo.environment)]
    }

    /// Opens (creating the directory and file if needed) the console's database.
    func openDatabase() throws -> AppDatabase {
        let directory = DataDirectory.resolve(option: dataDir)
        try DataDirectory.prepare(directory)
        return try AppDatabase.open(at: directory.appendingPathComponent(ConsoleSettings.databaseFileName), apps: [CarsSQLiteStorage.self])
    }

    /// The console's store, or a localized message on stderr and exit code 1.
    func withStore<T>(_ body: (any CarStore) async throws -> T) async throws -> T {
        let database: AppDatabase
        do {
            database = try openDatabase()
        } catch {
            throw fail(catalogue.text("cars.error.storage", ["error": String(describing: error)]))
        }
        defer { try? database.close() }
        do {
            return try await body(database.carStore(owner: DeviceID.console))
        } catch let exit as ExitCode {
            throw exit
        } catch {
            throw fail(catalogue.text("cars.error.storage", ["error": String(describing: error)]))
        }
    }
}

/// Writes `lines` to standard error and gives the exit code to throw.
func fail(_ lines: String...) -> ExitCode {
    FileHandle.standardError.write(Data(lines.map { $0 + "\n" }.joined().utf8))
    return ExitCode.failure
}

func currentYear() -> Int {
    Calendar(identifier: .gregorian).component(.year, from: Date())
}

struct Menu: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "Show the interactive menu (the default).")

    @OptionGroup var common: CommonOptions

    func run() async throws {
        let catalogue = common.catalogue
        try await common.withStore { store in
            await CarsMenu(
                store: store, catalogue: catalogue, input: StandardInput(), output: StandardOutput(),
                currentYear: currentYear()
            ).run()
        }
    }
}

struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Add a car.",
        discussion: "Invalid values are reported on standard error and the exit code is 1.")

    @OptionGroup var common: CommonOptions

    @Option(help: "Manufacturer (required).") var manufacturer: String?
    @Option(help: "Model (required).") var model: String?
    @Option(help: "Body type (required): \(Body.allCases.map(\.rawValue).joined(separator: ", ")).") var body: String?
    @Option(help: "Year of issue, from 1886 to next year.") var year: String?
    @Option(help: "Car number: letters, digits, spaces and dashes, up to 16.") var number: String?

    func run() async throws {
        let catalogue = common.catalogue
        let draft = CarDraft(
            manufacturer: manufacturer ?? "", model: model ?? "", body: body ?? "",
            yearOfIssue: year ?? "", carNumber: number ?? "")
        switch draft.validate(currentYear: currentYear()) {
        case .failure(let errors):
            var lines = [catalogue.text("cars.cli.notAdded")]
            for field in errors.fields {
                if let error = errors[field] {
                    lines.append("  \(field.label(in: catalogue)): \(error.message(in: catalogue))")
                }
            }
            if errors[.body] != nil { lines.append(bodyHint(catalogue)) }
            throw fail(lines.joined(separator: "\n"))
        case .success(let car):
            let stored: Car
            do {
                stored = try await common.withStore { try await $0.add(car) }
            } catch let reached as OwnerLimitReached {
                throw fail(catalogue.text("cars.cli.notAdded") + "\n  " + CarValidationErrors.limitMessage(reached.limit, in: catalogue))
            }
            print(catalogue.text("cars.cli.added", ["id": String(stored.id)]))
        }
    }
}

struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List cars, one field a line, cars separated by a blank line.")

    @OptionGroup var common: CommonOptions

    @Option(help: "Only cars with this body type: \(Body.allCases.map(\.rawValue).joined(separator: ", ")).")
    var body: String?

    @Flag(help: "Print a JSON array of cars (keys id, manufacturer, model, body, yearOfIssue, carNumber).")
    var json = false

    func run() async throws {
        let catalogue = common.catalogue
        var filter: Body?
        if let body {
            guard let parsed = Body(parsing: body) else {
                throw fail("\(catalogue.text("cars.field.body")): \(CarFieldError.unknownBody.message(in: catalogue))", bodyHint(catalogue))
            }
            filter = parsed
        }
        let cars = try await common.withStore { try await $0.cars(body: filter) }
        if json {
            print(try CarsJSON.encode(cars))
        } else if cars.isEmpty {
            print(filter.map { catalogue.text("cars.list.emptyForBody", ["body": $0.localizedName(in: catalogue)]) }
                ?? catalogue.text("cars.list.empty"))
        } else {
            let formatter = CarFormatter(catalogue: catalogue)
            print(cars.map { formatter.lines(for: $0).joined(separator: "\n") }.joined(separator: "\n\n"))
        }
    }
}

func bodyHint(_ catalogue: Catalogue) -> String {
    catalogue.text("cars.cli.bodyHint", ["bodies": Body.allCases.map(\.rawValue).joined(separator: ", ")])
}
