import Localization

/// Shows a car one field a line, `<Field>: <Value>` (CARS-3): the body by its localized name,
/// a missing year as `-`, and a missing car number not at all (CARS-4).
public struct CarFormatter: Sendable {
    /// One shown field: what the web renders as a cell and the console as a line.
    public struct Entry: Sendable, Hashable {
        public let field: CarField
        /// The localized field name, e.g. "Year of issue".
        public let label: String
        /// The shown value, e.g. "Sedan", "2015" or "-".
        public let value: String

        public init(field: CarField, label: String, value: String) {
            self.field = field
            self.label = label
            self.value = value
        }

        /// `<Field>: <Value>`.
        public var line: String { "\(label): \(value)" }
    }

    /// What a missing year shows (CARS-4), in every language.
    public static let missingValue = "-"

    public let catalogue: Catalogue
    /// Field labels and body names, looked up once: a list formats many cars with them.
    private let labels: [CarField: String]
    private let bodyNames: [Body: String]

    public init(catalogue: Catalogue) {
        self.catalogue = catalogue
        labels = Dictionary(uniqueKeysWithValues: CarField.allCases.map { ($0, $0.label(in: catalogue)) })
        bodyNames = Dictionary(uniqueKeysWithValues: Body.allCases.map { ($0, $0.localizedName(in: catalogue)) })
    }

    /// The shown fields of `car`, in order; no `carNumber` entry when it has none.
    public func entries(for car: NewCar) -> [Entry] {
        var entries = [
            entry(.manufacturer, car.manufacturer),
            entry(.model, car.model),
            entry(.body, bodyNames[car.body] ?? car.body.localizedName(in: catalogue)),
            entry(.yearOfIssue, car.yearOfIssue.map(String.init) ?? Self.missingValue),
        ]
        if let number = car.carNumber {
            entries.append(entry(.carNumber, number))
        }
        return entries
    }

    public func entries(for car: Car) -> [Entry] {
        entries(for: NewCar(car))
    }

    /// The lines `<Field>: <Value>`, without line breaks.
    public func lines(for car: Car) -> [String] {
        entries(for: car).map(\.line)
    }

    public func lines(for car: NewCar) -> [String] {
        entries(for: car).map(\.line)
    }

    private func entry(_ field: CarField, _ value: String) -> Entry {
        Entry(field: field, label: labels[field] ?? field.label(in: catalogue), value: value)
    }
}

extension NewCar {
    /// The car without its id.
    public init(_ car: Car) {
        self.init(manufacturer: car.manufacturer, model: car.model, body: car.body, yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
    }
}
