/// What one device has shown (PH-3, PH-7, PH-9): photo ids in the order they were added, and the
/// position in the whole list of the next photo to add.
public struct PhotoFeed: Sendable, Hashable, Codable {
    public var shownIDs: [Int]
    public var cursor: Int

    public init(shownIDs: [Int] = [], cursor: Int = 0) {
        self.shownIDs = shownIDs
        self.cursor = cursor
    }
}
