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

    /// A shown value as it is kept: text, or a year that a writer writes as digits.
    public enum Value: Sendable, Hashable {
        case text(String)
        case year(Int)

        public var text: String {
            switch self {
            case .text(let text): text
            case .year(let year): String(year)
            }
        }
    }

    public let catalogue: Catalogue
    /// Field labels (in `CarField.allCases` order) and body names, looked up once: a list formats
    /// many cars with them, without hashing a key per field.
    private let labels: [String]
    private let bodyNames: [(body: Body, name: String)]

    public init(catalogue: Catalogue) {
        self.catalogue = catalogue
        labels = CarField.allCases.map { $0.label(in: catalogue) }
        bodyNames = Body.allCases.map { ($0, $0.localizedName(in: catalogue)) }
    }

    /// The shown fields of `car`, in order; no `carNumber` entry when it has none.
    public func entries(for car: NewCar) -> [Entry] {
        var entries: [Entry] = []
        entries.reserveCapacity(CarField.allCases.count)
        visitFields(car.manufacturer, car.model, car.body, car.yearOfIssue, car.carNumber) { field, label, value in
            entries.append(Entry(field: field, label: label, value: value.text))
        }
        return entries
    }

    public func entries(for car: Car) -> [Entry] {
        entries(for: NewCar(car))
    }

    /// What `entries(for:)` lists, handed to `visit` one field at a time (field, label, value),
    /// with no array or string built: a page writes 200 cars with this.
    public func visitEntries(of car: Car, _ visit: (CarField, String, Value) -> Void) {
        visitFields(car.manufacturer, car.model, car.body, car.yearOfIssue, car.carNumber, visit)
    }

    private func visitFields(
        _ manufacturer: String, _ model: String, _ body: Body, _ year: Int?, _ number: String?,
        _ visit: (CarField, String, Value) -> Void
    ) {
        // `labels` is in `CarField.allCases` order, which is this order (CARS-2).
        visit(.manufacturer, labels[0], .text(manufacturer))
        visit(.model, labels[1], .text(model))
        visit(.body, labels[2], .text(bodyNames.first { $0.body == body }?.name ?? body.localizedName(in: catalogue)))
        visit(.yearOfIssue, labels[3], year.map(Value.year) ?? .text(Self.missingValue))
        if let number { visit(.carNumber, labels[4], .text(number)) }
    }

    /// The lines `<Field>: <Value>`, without line breaks.
    public func lines(for car: Car) -> [String] {
        entries(for: car).map(\.line)
    }

    public func lines(for car: NewCar) -> [String] {
        entries(for: car).map(\.line)
    }
}

extension NewCar {
    /// The car without its id.
    public init(_ car: Car) {
        self.init(manufacturer: car.manufacturer, model: car.model, body: car.body, yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
    }
}
