import Cars
import Devices
import Localization
import Persistence

/// The interactive cars program (CARS-1): a numbered menu
///
///     1. Add a car
///     2. List all cars
///     3. List cars by body type
///     4. Edit a car
///     0. Quit
///
/// Adding asks for each field in turn (the body from a numbered list; year and car number may be
/// skipped with an empty answer); an answer that breaks a rule prints the rule's message and the
/// same question is asked again. Listing prints each car's `CarFormatter` lines, cars separated by
/// a blank line. Editing (issue 50, `CarsMenu+Edit.swift`) asks which car, then each field again
/// with its current value, which an empty answer keeps. End of input at any prompt ends `run()` quietly; so does choosing 0.
public struct CarsMenu: Sendable {
    /// The menu's choices and the numbers that pick them.
    public enum Choice: Int, CaseIterable, Sendable {
        case quit = 0, add = 1, list = 2, filter = 3, edit = 4

        /// Listed in this order, quit last.
        static let shown: [Choice] = [.add, .list, .filter, .edit, .quit]

        var labelKey: String {
            switch self {
            case .add: "cars.console.menu.add"
            case .list: "cars.console.menu.list"
            case .filter: "cars.console.menu.filter"
            case .edit: "cars.console.menu.edit"
            case .quit: "cars.console.menu.quit"
            }
        }
    }

    let store: any CarStore
    let catalogue: Catalogue
    private let input: any LineReader
    private let output: any TextOutput
    let currentYear: Int
    let formatter: CarFormatter

    /// - Parameter currentYear: the year now; the latest year of issue accepted is the next one.
    public init(store: any CarStore, catalogue: Catalogue, input: any LineReader, output: any TextOutput, currentYear: Int) {
        self.store = store
        self.catalogue = catalogue
        self.input = input
        self.output = output
        self.currentYear = currentYear
        self.formatter = CarFormatter(catalogue: catalogue)
    }

    /// Shows the menu until the person quits or input ends.
    public func run() async {
        var first = true
        while true {
            if !first { line("") }
            first = false
            writeMenu()
            guard let choice = ask(
                catalogue.text("cars.console.menu.prompt", ["min": "0", "max": String(Choice.allCases.count - 1)]),
                parse: { Int(trimmed($0)).flatMap(Choice.init(rawValue:)) },
                refusal: { _ in invalidChoice(min: 0, max: Choice.allCases.count - 1) })
            else { return }
            switch choice {
            case .quit:
                line(catalogue.text("cars.console.goodbye"))
                return
            case .add:
                guard await add() else { return }
            case .list:
                await list(body: nil)
            case .filter:
                guard await filter() else { return }
            case .edit:
                guard await edit() else { return }
            }
        }
    }

    // MARK: - Actions

    /// False when input ended.
    private func add() async -> Bool {
        line("")
        line(catalogue.text("cars.console.add.title"))
        guard let manufacturer = ask(field: .manufacturer, CarValidator.manufacturer),
              let model = ask(field: .model, CarValidator.model),
              let body = askBody(),
              let year = ask(field: .yearOfIssue, { CarValidator.yearOfIssue($0, currentYear: currentYear) }),
              let number = ask(field: .carNumber, CarValidator.carNumber)
        else { return false }
        let car = NewCar(manufacturer: manufacturer, model: model, body: body, yearOfIssue: year, carNumber: number)
        do {
            let stored = try await store.add(car)
            line(catalogue.text("cars.console.add.done"))
            formatter.lines(for: stored).forEach(line)
        } catch let reached as OwnerLimitReached {
            line(CarValidationErrors.limitMessage(reached.limit, in: catalogue))
        } catch {
            line(storageMessage(error))
        }
        return true
    }

    /// False when input ended.
    private func filter() async -> Bool {
        line("")
        line(catalogue.text("cars.console.filter.title"))
        guard let body = askBody() else { return false }
        await list(body: body)
        return true
    }

    private func list(body: Body?) async {
        line("")
        let cars: [Car]
        do {
            cars = try await store.cars(body: body)
        } catch {
            line(storageMessage(error))
            return
        }
        if cars.isEmpty {
            if let body {
                line(catalogue.text("cars.list.emptyForBody", ["body": body.localizedName(in: catalogue)]))
            } else {
                line(catalogue.text("cars.list.empty"))
            }
            return
        }
        line(catalogue.plural("cars.list.count", count: cars.count))
        for car in cars {
            line("")
            formatter.lines(for: car).forEach(line)
        }
    }

    // MARK: - Questions

    /// Asks until `parse` accepts an answer; nil at end of input.
    func ask<Value>(_ prompt: String, parse: (String) -> Value?, refusal: (String) -> String) -> Value? {
        while true {
            output.write(prompt + " ")
            guard let answer = input.readLine() else {
                line("")
                return nil
            }
            if let value = parse(answer) { return value }
            line(refusal(answer))
        }
    }

    /// Asks for a field until its rule accepts the answer; nil at end of input.
    func ask<Value>(field: CarField, _ rule: (String) -> Result<Value, CarFieldError>) -> Value? {
        ask(field: field, prompt: catalogue.text("cars.console.prompt.\(field.rawValue)"), rule)
    }

    /// Asks `prompt` until `rule` accepts the answer, printing the rule's message for a refused
    /// one; nil at end of input.
    func ask<Value>(field: CarField, prompt: String, _ rule: (String) -> Result<Value, CarFieldError>) -> Value? {
        var refused: CarFieldError?
        return ask(
            prompt,
            parse: { answer in
                switch rule(answer) {
                case .success(let value): return value
                case .failure(let error):
                    refused = error
                    return nil
                }
            },
            refusal: { _ in refused?.message(in: catalogue) ?? "" })
    }

    /// Lists the bodies by number and asks for one; nil at end of input. With `current`, the
    /// prompt names it and an empty answer keeps it (editing, issue 50).
    func askBody(keeping current: Body? = nil) -> Body? {
        line(catalogue.text("cars.console.bodies"))
        for (index, body) in Body.allCases.enumerated() {
            line("\(index + 1). \(body.localizedName(in: catalogue))")
        }
        let count = Body.allCases.count
        let prompt = current.map {
            keepPrompt("\(CarField.body.label(in: catalogue)) (1–\(count))", current: $0.localizedName(in: catalogue), clearable: false)
        }
        return ask(
            prompt ?? catalogue.text("cars.console.prompt.body", ["min": "1", "max": String(count)]),
            parse: { answer in
                if let current, trimmed(answer).isEmpty { return current }
                guard let number = Int(trimmed(answer)), (1...count).contains(number) else { return nil }
                return Body.allCases[number - 1]
            },
            refusal: { _ in invalidChoice(min: 1, max: count) })
    }

    // MARK: - Writing

    private func writeMenu() {
        line(catalogue.text("cars.console.menu.title"))
        for choice in Choice.shown {
            line("\(choice.rawValue). \(catalogue.text(choice.labelKey))")
        }
    }

    func invalidChoice(min: Int, max: Int) -> String {
        catalogue.text("cars.console.invalidChoice", ["min": String(min), "max": String(max)])
    }

    func storageMessage(_ error: any Error) -> String {
        catalogue.text("cars.error.storage", ["error": String(describing: error)])
    }

    func line(_ text: String) {
        output.write(text + "\n")
    }
}

/// `text` without spaces and tabs at either end: how the menu reads a number or an empty answer.
func trimmed(_ text: String) -> String {
    text.trimmingCharacters(in: .whitespaces)
}
