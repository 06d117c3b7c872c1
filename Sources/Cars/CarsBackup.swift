import Persistence

/// An owner's cars as a backup carries them (issue 35): every car, oldest first. Ids are not kept:
/// a restored car gets the next id of the database it lands in.
public struct CarsBackup: AppBackupSection {
    public var cars: [NewCar]

    public init(cars: [NewCar]) {
        self.cars = cars
    }

    public static var empty: CarsBackup { CarsBackup(cars: []) }

    /// Every car as the car sheet would take it (issue 36), no more than an owner may keep. The
    /// year is bounded by the first car and a far year, not today's: a backup made next year
    /// restores today.
    public func validate() throws {
        guard cars.count <= OwnerLimits.standard.cars else {
            throw BackupRejected(section: "cars", reason: "\(cars.count) cars", problem: .tooMany(limit: OwnerLimits.standard.cars))
        }
        for car in cars {
            let draft = CarDraft(
                manufacturer: car.manufacturer, model: car.model, body: car.body.rawValue,
                yearOfIssue: car.yearOfIssue.map(String.init) ?? "", carNumber: car.carNumber ?? "")
            guard case .success(let valid) = CarValidator.validate(draft, currentYear: 9_998), valid == car else {
                throw BackupRejected(section: "cars", reason: "car \(car.manufacturer) \(car.model)",
                                     problem: .invalidValue("\(car.manufacturer) \(car.model)"))
            }
        }
    }
}
