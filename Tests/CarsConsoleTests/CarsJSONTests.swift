import Cars
import CarsConsole
import Foundation
import Testing

@Suite("cars list --json")
struct CarsJSONTests {
    @Test func everyCarHasEveryKeyWithNullsForMissingValues() throws {
        let text = try CarsJSON.encode([
            Car(id: 1, manufacturer: "Toyota", model: "Camry", body: .sedan, yearOfIssue: 2015, carNumber: "А123ВС 77"),
            Car(id: 2, manufacturer: "Lada", model: "Niva", body: .suv),
        ])
        let array = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [[String: Any]])
        #expect(array.count == 2)
        let keys: Set = ["id", "manufacturer", "model", "body", "yearOfIssue", "carNumber"]
        #expect(Set(array[0].keys) == keys)
        #expect(Set(array[1].keys) == keys)
        #expect(array[0]["id"] as? Int == 1)
        #expect(array[0]["manufacturer"] as? String == "Toyota")
        #expect(array[0]["body"] as? String == "sedan")
        #expect(array[0]["yearOfIssue"] as? Int == 2015)
        #expect(array[0]["carNumber"] as? String == "А123ВС 77")
        #expect(array[1]["body"] as? String == "suv")
        #expect(array[1]["yearOfIssue"] is NSNull)
        #expect(array[1]["carNumber"] is NSNull)
    }

    @Test func noCarsIsAnEmptyArray() throws {
        #expect(try CarsJSON.encode([]) == "[]")
    }
}
