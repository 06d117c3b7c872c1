/// A stored car (CARS-2). `id` is assigned by the store.
public struct Car: Sendable, Hashable, Codable, Identifiable {
    public var id: Int64
    public var manufacturer: String
    public var model: String
    public var body: Body
    public var yearOfIssue: Int?
    public var carNumber: String?

    public init(id: Int64, manufacturer: String, model: String, body: Body, yearOfIssue: Int? = nil, carNumber: String? = nil) {
        self.id = id
        self.manufacturer = manufacturer
        self.model = model
        self.body = body
        self.yearOfIssue = yearOfIssue
        self.carNumber = carNumber
    }

    /// `car` stored under `id`.
    public init(id: Int64, _ car: NewCar) {
        self.init(id: id, manufacturer: car.manufacturer, model: car.model, body: car.body, yearOfIssue: car.yearOfIssue, carNumber: car.carNumber)
    }

    /// The car without its id: what a backup keeps.
    public var newCar: NewCar {
        NewCar(manufacturer: manufacturer, model: model, body: body, yearOfIssue: yearOfIssue, carNumber: carNumber)
    }
}

/// A validated car that has not been stored yet.
public struct NewCar: Sendable, Hashable, Codable {
    public var manufacturer: String
    public var model: String
    public var body: Body
    public var yearOfIssue: Int?
    public var carNumber: String?

    public init(manufacturer: String, model: String, body: Body, yearOfIssue: Int? = nil, carNumber: String? = nil) {
        self.manufacturer = manufacturer
        self.model = model
        self.body = body
        self.yearOfIssue = yearOfIssue
        self.carNumber = carNumber
    }
}
