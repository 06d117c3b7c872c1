/// An archive that reads `earlier` while `primary` holds no list yet, and writes only `primary`:
/// how the list moves from where an older version kept it (`<data-dir>/photos.json`) into the
/// database without a start that knows no photos in between.
public struct FallbackPhotoListArchive: PhotoListArchive {
    public let primary: any PhotoListArchive
    public let earlier: any PhotoListArchive

    public init(primary: any PhotoListArchive, earlier: any PhotoListArchive) {
        self.primary = primary
        self.earlier = earlier
    }

    public func load() async -> [Photo]? {
        if let photos = await primary.load() { return photos }
        return await earlier.load()
    }

    public func save(_ photos: [Photo]) async {
        await primary.save(photos)
    }
}
