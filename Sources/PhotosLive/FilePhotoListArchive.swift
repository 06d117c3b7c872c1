import Foundation
import Photos

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The whole photo list kept between starts (PH-8) in one JSON file, replaced atomically (a
/// temporary file renamed over it), so a crash leaves the old list or the new one, never half of
/// one. AppDeck kept its list in `<data-dir>/photos.json` before the list moved into the database;
/// it now only reads that file while the database has no list yet (`FallbackPhotoListArchive`).
public actor FilePhotoListArchive: PhotoListArchive {
    public nonisolated let fileURL: URL

    public init(fileURL: URL) {
        self.fileURL = fileURL
    }

    /// `<directory>/photos.json`.
    public init(directory: URL) {
        self.init(fileURL: directory.appendingPathComponent("photos.json", isDirectory: false))
    }

    /// nil when there is no archive yet, or it cannot be read.
    public func load() async -> [Photo]? {
        guard let data = try? Data(contentsOf: fileURL) else { return nil }
        return try? JSONDecoder().decode([Photo].self, from: data)
    }

    /// Replaces the archive; a failure to write leaves the previous one (and is otherwise
    /// silent: the list is fetched again at the next start).
    public func save(_ photos: [Photo]) async {
        guard let data = try? JSONEncoder().encode(photos) else { return }
        try? AtomicFile.write(data, to: fileURL)
    }
}

/// Writes a file by writing a temporary file beside it and renaming it over the target.
enum AtomicFile {
    static func write(_ data: Data, to url: URL) throws {
        let directory = url.deletingLastPathComponent()
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)", isDirectory: false)
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else {
                throw CocoaError(.fileWriteUnknown)
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
