import Foundation
import GRDB
import Photos

/// The whole photo list (PH-8) in the `photoList` table: one JSON document in one row, replaced
/// in one write, so a crash leaves the old list or the new one. As `PhotoListArchive` asks, a
/// database that cannot be read reads as no list, and a failed save keeps the previous one.
public struct SQLitePhotoListArchive: PhotoListArchive {
    let pool: DatabasePool

    public func load() async -> [Photo]? {
        guard let text = try? await pool.read({ db in try String.fetchOne(db, sql: "SELECT photos FROM photoList WHERE id = 1") })
        else { return nil }
        return try? JSONDecoder().decode([Photo].self, from: Data(text.utf8))
    }

    public func save(_ photos: [Photo]) async {
        guard let data = try? JSONEncoder().encode(photos) else { return }
        let text = String(decoding: data, as: UTF8.self)
        _ = try? await pool.write { db in
            try db.execute(sql: """
                INSERT INTO photoList (id, photos, savedAt) VALUES (1, ?, ?)
                ON CONFLICT (id) DO UPDATE SET photos = excluded.photos, savedAt = excluded.savedAt
                """, arguments: [text, Date()])
        }
    }
}
