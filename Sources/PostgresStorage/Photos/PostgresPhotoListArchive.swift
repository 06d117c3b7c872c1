import Foundation
import Photos
import PostgresNIO

/// The whole photo list (PH-8) in the `photoList` table, one JSON document in one row that every
/// server reads at start and writes after each refresh, so every server's feed cursor indexes the
/// same list (issue 26). A database that cannot be read reads as no list; a failed save keeps the
/// previous one.
public struct PostgresPhotoListArchive: PhotoListArchive {
    let pool: PostgresPool

    public func load() async -> [Photo]? {
        guard let text = try? await pool.query("SELECT photos FROM photoList WHERE id = 1").value(String.self) else { return nil }
        return try? JSONDecoder().decode([Photo].self, from: Data(text.utf8))
    }

    public func save(_ photos: [Photo]) async {
        guard let data = try? JSONEncoder().encode(photos) else { return }
        let text = String(decoding: data, as: UTF8.self)
        _ = try? await pool.query("""
            INSERT INTO photoList (id, photos, savedAt) VALUES (1, \(text), now())
            ON CONFLICT (id) DO UPDATE SET photos = excluded.photos, savedAt = excluded.savedAt
            """).drain()
    }
}
