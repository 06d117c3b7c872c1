import Foundation
import Photos
import PhotosLive
import TestDoubles
import Testing

@Suite("FilePhotoListArchive: the photo list in a file")
struct FilePhotoListArchiveTests {
    @Test("the photo list archive round-trips, replaces, and is nil when absent or damaged")
    func archive() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let archive = FilePhotoListArchive(directory: directory.appendingPathComponent("data"))
        #expect(await archive.load() == nil)
        let photos = (1...300).map {
            Photo(albumId: ($0 - 1) / 50 + 1, id: $0, title: "photo \($0) «ż»", url: "https://x/600/\($0)", thumbnailUrl: "https://x/150/\($0)")
        }
        await archive.save(photos)
        #expect(await archive.load() == photos)
        // A new instance (a restart) reads the same file.
        #expect(await FilePhotoListArchive(directory: directory.appendingPathComponent("data")).load() == photos)
        await archive.save(Array(photos.prefix(2)))
        #expect(await archive.load()?.count == 2)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("data").path)
        #expect(names == ["photos.json"])  // no temporary file left behind
        try Data("[{".utf8).write(to: archive.fileURL)
        #expect(await archive.load() == nil)
    }
}
