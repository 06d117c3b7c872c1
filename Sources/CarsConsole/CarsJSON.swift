import Cars
import Foundation

/// `cars list --json`: an array of objects with the keys `id`, `manufacturer`, `model`, `body`
/// (the raw value, e.g. `suv`), `yearOfIssue` and `carNumber`; a missing year or number is `null`.
public enum CarsJSON {
    public static func encode(_ cars: [Car]) throws -> String {
        // The pretty printer writes an empty array over three lines.
        if cars.isEmpty { return "[]" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(cars.map(Record.init))
        return String(decoding: data, as: UTF8.self)
    }

    private struct Record: Encodable {
        let car: Car

        enum CodingKeys: String, CodingKey {
            case id, manufacturer, model, body, yearOfIssue, carNumber
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(car.id, forKey: .id)
            try container.encode(car.manufacturer, forKey: .manufacturer)
            try container.encode(car.model, forKey: .model)
            try container.encode(car.body.rawValue, forKey: .body)
            // Explicit nulls keep every object's shape the same.
            try container.encode(car.yearOfIssue, forKey: .yearOfIssue)
            try container.encode(car.carNumber, forKey: .carNumber)
        }
    }
}
