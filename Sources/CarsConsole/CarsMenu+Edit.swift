import Cars
import Localization

/// "4. Edit a car" (issue 50): the cars by number, which one, then each field again by the add
/// rules (so with the same messages), showing its current value in brackets: an empty answer keeps
/// it, and `-` clears an optional one (year of issue, car number).
extension CarsMenu {
    /// False when input ended.
    func edit() async -> Bool {
        line("")
        line(catalogue.text("cars.console.edit.title"))
        let cars: [Car]
        do {
            cars = try await store.cars(body: nil)
        } catch {
            line(storageMessage(error))
            return true
        }
        if cars.isEmpty {
            line(catalogue.text("cars.list.empty"))
            return true
        }
        for (index, car) in cars.enumerated() {
            line("\(index + 1). \(car.manufacturer) \(car.model)")
        }
        guard let car = ask(
            catalogue.text("cars.console.edit.choose", ["min": "1", "max": String(cars.count)]),
            parse: { answer in Int(trimmed(answer)).flatMap { cars.indices.contains($0 - 1) ? cars[$0 - 1] : nil } },
            refusal: { _ in invalidChoice(min: 1, max: cars.count) })
        else { return false }
        guard let edited = askFields(keeping: car) else { return false }
        do {
            if let saved = try await store.update(id: car.id, with: edited) {
                line(catalogue.text("cars.console.edit.done"))
                formatter.lines(for: saved).forEach(line)
            } else {
                line(catalogue.text("cars.console.edit.gone"))
            }
        } catch {
            line(storageMessage(error))
        }
        return true
    }

    /// Each field of `car` again, kept by an empty answer; nil at end of input.
    private func askFields(keeping car: Car) -> NewCar? {
        guard let manufacturer = ask(field: .manufacturer, keeping: car.manufacturer, CarValidator.manufacturer),
              let model = ask(field: .model, keeping: car.model, CarValidator.model),
              let body = askBody(keeping: car.body),
              let year = ask(field: .yearOfIssue, keeping: car.yearOfIssue.map(String.init), {
                  CarValidator.yearOfIssue($0, currentYear: currentYear)
              }),
              let number = ask(field: .carNumber, keeping: car.carNumber, CarValidator.carNumber)
        else { return nil }
        return NewCar(manufacturer: manufacturer, model: model, body: body, yearOfIssue: year, carNumber: number)
    }

    /// Asks for `field` showing `current` (nil: none, an optional field's), until `rule` accepts
    /// the answer: empty is `current`, `-` is empty for an optional field; nil at end of input.
    private func ask<Value>(field: CarField, keeping current: String?, _ rule: (String) -> Result<Value, CarFieldError>) -> Value? {
        let clearable = field == .yearOfIssue || field == .carNumber
        let prompt = keepPrompt(
            field.label(in: catalogue), current: current ?? catalogue.text("cars.console.edit.none"), clearable: clearable)
        return ask(field: field, prompt: prompt) { answer in
            let typed = trimmed(answer)
            if typed.isEmpty { return rule(current ?? "") }
            if clearable && typed == "-" { return rule("") }
            return rule(answer)
        }
    }

    /// "Manufacturer [Toyota] (Enter keeps it):".
    func keepPrompt(_ label: String, current: String, clearable: Bool) -> String {
        catalogue.text(clearable ? "cars.console.edit.keepOptional" : "cars.console.edit.keep", ["field": label, "current": current])
    }
}
