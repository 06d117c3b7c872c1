/// What "Add element" did (PH-3): the photo it appended, or nothing because every photo of the
/// list has been added already, a state of its own the screen says clearly.
public enum AddOutcome: Sendable, Hashable {
    case added(Photo)
    case endOfList
}

/// The feed's rules (PH-3, PH-7, PH-9, PH-12, PH-13).
extension PhotoFeed {
    /// Appends the photo at `cursor` of `photos` and moves the cursor past it (PH-3). Past the last
    /// photo the feed stays as it is and the outcome is `.endOfList`. A negative cursor (a damaged
    /// record) counts as 0.
    public mutating func addNext(from photos: [Photo]) -> AddOutcome {
        let position = max(cursor, 0)
        guard position < photos.count else { return .endOfList }
        let photo = photos[position]
        shownIDs.append(photo.id)
        cursor = position + 1
        return .added(photo)
    }

    /// `addNext(from:)` over a catalogue's list.
    public mutating func addNext(from list: PhotoList) -> AddOutcome {
        addNext(from: list.photos)
    }

    /// Removes every element and starts again from the first photo (PH-7).
    public mutating func clear() {
        shownIDs = []
        cursor = 0
    }

    /// Whether anything is shown, which is when "Clear list" is enabled (PH-13).
    public var canClear: Bool { !shownIDs.isEmpty }

    /// Whether "Add element" has a photo left to add in a list of `count` photos.
    public func hasNext(inListOf count: Int) -> Bool { max(cursor, 0) < count }

    /// The shown photos, in the order they were added (PH-9). An id whose photo the list no longer
    /// holds is skipped here, not removed from the feed, so it comes back if the list does.
    public func shownPhotos(in list: PhotoList) -> [Photo] {
        shownIDs.compactMap(list.photo(id:))
    }
}
