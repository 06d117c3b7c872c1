/// One element of jsonplaceholder's `/photos` (PH-2), as the service sends it.
public struct Photo: Codable, Sendable, Hashable, Identifiable {
    public let albumId: Int
    public let id: Int
    public let title: String
    public let url: String
    public let thumbnailUrl: String

    public init(albumId: Int, id: Int, title: String, url: String, thumbnailUrl: String) {
        self.albumId = albumId
        self.id = id
        self.title = title
        self.url = url
        self.thumbnailUrl = thumbnailUrl
    }
}
