import Persistence

/// An owner's cars as a backup carries them (issue 35): every car, oldest first. Ids are not kept:
/// a restored car gets the next id of the database it lands in.
public struct CarsBackup: AppBackupSection {
    public var cars: [NewCar]

    public init(cars: [NewCar]) {
        self.cars = cars
    }

    public static var empty: CarsBackup { CarsBackup(cars: []) }
}
