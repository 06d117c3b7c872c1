import Crypto
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Images on disk, bounded by total bytes, least recently used evicted first, in one directory of
/// the data directory: Photos' thumbnails (PH-4, PH-10, `<data-dir>/thumbnails`) and GitHub's
/// README images (GH-3, `<data-dir>/readme-images`), each with its own instance and bound.
///
/// - One file per image, named by the SHA-256 of its key (`<64 hex>.img`), so no key can name a
///   path outside the directory, and each file carries its key, checked on read.
/// - Written atomically: a temporary file in the same directory, renamed over the target.
/// - Recency is the file's modification date, set on every store and hit, so a new instance on
///   the same directory rebuilds its index (sizes and order) from the files alone; temporary
///   files left by a crash and unreadable files are removed then.
/// - The bound counts whole files (the image and its small header); an image larger than the
///   bound is not kept.
///
/// Reads and writes are synchronous file calls inside the actor: images are a few KB to a few MB.
public actor DiskImageCache: ImageDiskCache {
    public nonisolated let directory: URL
    public nonisolated let maximumBytes: Int

    private struct Entry {
        var size: Int
        var lastUse: Date
    }

    /// By file name.
    private var entries: [String: Entry] = [:]
    private var totalBytes = 0
    /// The last recency stamp handed out: stamps strictly increase within a process, so the order
    /// of uses survives a restart even when two happen within the file system's date resolution.
    private var lastStamp = Date.distantPast

    private static let magic: [UInt8] = Array("ADIC1".utf8)
    private static let suffix = ".img"

    /// Opens (creating if needed) the cache in `directory` and indexes the files already there,
    /// evicting down to `maximumBytes` if the bound shrank since.
    public init(directory: URL, maximumBytes: Int) throws {
        self.directory = directory
        self.maximumBytes = max(0, maximumBytes)
        let files = FileManager.default
        try files.createDirectory(at: directory, withIntermediateDirectories: true)
        let names = try files.contentsOfDirectory(atPath: directory.path)
        var entries: [String: Entry] = [:]
        var total = 0
        var latest = Date.distantPast
        for name in names {
            let path = directory.appendingPathComponent(name, isDirectory: false).path
            guard Self.isCacheFileName(name) else {
                if name.hasPrefix(".tmp-") { try? files.removeItem(atPath: path) }
                continue
            }
            guard let attributes = try? files.attributesOfItem(atPath: path),
                (attributes[.type] as? FileAttributeType) == .typeRegular,
                let size = (attributes[.size] as? NSNumber)?.intValue,
                let date = attributes[.modificationDate] as? Date
            else { continue }
            entries[name] = Entry(size: size, lastUse: date)
            total += size
            latest = max(latest, date)
        }
        // Evict down to the bound (if it shrank since), oldest first.
        if total > self.maximumBytes {
            for (name, entry) in entries.sorted(by: Self.olderFirst) {
                guard total > self.maximumBytes else { break }
                try? files.removeItem(at: directory.appendingPathComponent(name, isDirectory: false))
                entries[name] = nil
                total -= entry.size
            }
        }
        self.entries = entries
        self.totalBytes = total
        self.lastStamp = latest
    }

    /// The cache in `<dataDirectory>/thumbnails`.
    public init(dataDirectory: URL, maximumBytes: Int) throws {
        try self.init(directory: dataDirectory.appendingPathComponent("thumbnails", isDirectory: true), maximumBytes: maximumBytes)
    }

    // MARK: - ImageDiskCache

    public func image(forKey key: String) async -> FetchedImage? {
        let name = Self.fileName(forKey: key)
        guard entries[name] != nil else { return nil }
        let url = fileURL(name)
        guard let data = try? Data(contentsOf: url), let (storedKey, image) = Self.decode(data), storedKey == key else {
            remove(name)
            return nil
        }
        touch(name, url: url)
        return image
    }

    public func store(_ image: FetchedImage, forKey key: String) async {
        let name = Self.fileName(forKey: key)
        let data = Self.encode(image, key: key)
        guard data.count <= maximumBytes else {
            remove(name)
            return
        }
        let url = fileURL(name)
        do {
            try Self.writeAtomically(data, to: url, in: directory)
        } catch {
            return
        }
        if let old = entries[name] { totalBytes -= old.size }
        entries[name] = Entry(size: data.count, lastUse: lastStamp)
        totalBytes += data.count
        touch(name, url: url)
        evict(keeping: name)
    }

    // MARK: - Inspection (tests, diagnostics)

    /// Bytes on disk, headers included.
    public var storedBytes: Int { totalBytes }
    /// Number of images held.
    public var count: Int { entries.count }
    /// Whether `key` is held, without counting as a use.
    public func contains(_ key: String) -> Bool { entries[Self.fileName(forKey: key)] != nil }

    /// The file name a key is stored under: the lowercase hex SHA-256 of its UTF-8 and `.img`.
    public nonisolated static func fileName(forKey key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined() + suffix
    }

    // MARK: - Internals

    private func fileURL(_ name: String) -> URL {
        directory.appendingPathComponent(name, isDirectory: false)
    }

    /// Marks a use: a stamp later than every earlier one, in memory and as the file's date.
    private func touch(_ name: String, url: URL) {
        let now = Date()
        let stamp = now > lastStamp ? now : lastStamp.addingTimeInterval(0.001)
        lastStamp = stamp
        entries[name]?.lastUse = stamp
        try? FileManager.default.setAttributes([.modificationDate: stamp], ofItemAtPath: url.path)
    }

    private func remove(_ name: String) {
        try? FileManager.default.removeItem(at: fileURL(name))
        if let entry = entries.removeValue(forKey: name) { totalBytes -= entry.size }
    }

    private func evict(keeping kept: String) {
        guard totalBytes > maximumBytes else { return }
        for (name, _) in entries.sorted(by: Self.olderFirst) where name != kept {
            remove(name)
            if totalBytes <= maximumBytes { return }
        }
    }

    private static func olderFirst(_ a: (key: String, value: Entry), _ b: (key: String, value: Entry)) -> Bool {
        a.value.lastUse != b.value.lastUse ? a.value.lastUse < b.value.lastUse : a.key < b.key
    }

    private static func isCacheFileName(_ name: String) -> Bool {
        guard name.hasSuffix(suffix) else { return false }
        let stem = name.dropLast(suffix.count)
        return stem.count == 64 && stem.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }

    /// `ADIC1`, key length (UInt32 BE), key, type length (UInt32 BE), type, image bytes.
    private static func encode(_ image: FetchedImage, key: String) -> Data {
        var data = Data(magic)
        for field in [Array(key.utf8), Array(image.contentType.utf8)] {
            let count = UInt32(field.count)
            data.append(contentsOf: [UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)])
            data.append(contentsOf: field)
        }
        data.append(contentsOf: image.bytes)
        return data
    }

    private static func decode(_ data: Data) -> (key: String, image: FetchedImage)? {
        let bytes = [UInt8](data)
        guard bytes.starts(with: magic) else { return nil }
        var offset = magic.count
        var fields: [String] = []
        for _ in 0..<2 {
            guard bytes.count >= offset + 4 else { return nil }
            let count = bytes[offset..<offset + 4].reduce(0) { $0 << 8 | Int($1) }
            offset += 4
            guard count <= bytes.count - offset, let text = String(bytes: bytes[offset..<offset + count], encoding: .utf8) else {
                return nil
            }
            fields.append(text)
            offset += count
        }
        return (fields[0], FetchedImage(bytes: Array(bytes[offset...]), contentType: fields[1]))
    }

    private static func writeAtomically(_ data: Data, to url: URL, in directory: URL) throws {
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)", isDirectory: false)
        do {
            try data.write(to: temporary)
            guard rename(temporary.path, url.path) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }
}
