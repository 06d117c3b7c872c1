/// A car's body type (CARS-2). Raw values are stable identifiers used in storage, URLs and the CLI.
public enum Body: String, CaseIterable, Sendable, Codable, Hashable {
    case sedan, hatchback, wagon, coupe, convertible, suv, minivan, pickup

    /// Catalogue key of the localized name, e.g. `cars.body.suv`.
    public var nameKey: String { "cars.body.\(rawValue)" }
}
