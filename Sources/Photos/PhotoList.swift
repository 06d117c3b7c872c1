/// The whole list of photos (PH-2, PH-8) with an index by id, built once per load so that drawing
/// a feed of hundreds of shown ids (PH-9, PH-12) costs one dictionary lookup per id.
public struct PhotoList: Sendable, Hashable {
    /// Every photo, in the service's order; "Add element" walks it from the first on (PH-3).
    public let photos: [Photo]
    private let positions: [Int: Int]

    public init(_ photos: [Photo]) {
        self.photos = photos
        var positions: [Int: Int] = [:]
        positions.reserveCapacity(photos.count)
        // The first photo with an id wins, should the service ever repeat one.
        for (position, photo) in photos.enumerated() where positions[photo.id] == nil {
            positions[photo.id] = position
        }
        self.positions = positions
    }

    public var count: Int { photos.count }
    public var isEmpty: Bool { photos.isEmpty }

    /// The photo with `id`; nil when the list does not (or no longer) hold it.
    public func photo(id: Int) -> Photo? {
        positions[id].map { photos[$0] }
    }

    public static func == (lhs: PhotoList, rhs: PhotoList) -> Bool { lhs.photos == rhs.photos }
    public func hash(into hasher: inout Hasher) { hasher.combine(photos) }
}
