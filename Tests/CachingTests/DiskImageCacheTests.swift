import Caching
import Foundation
import TestDoubles
import Testing

@Suite("DiskImageCache: images on disk, bounded by bytes, least recently used first")
struct DiskImageCacheTests {
    private func image(_ byte: UInt8, count: Int = 1000, type: String = "image/png") -> FetchedImage {
        FetchedImage(bytes: [UInt8](repeating: byte, count: count), contentType: type)
    }

    /// Bytes one 1000-byte image takes on disk with its header, for a key of `keyLength`.
    private func fileSize(keyLength: Int = 5, type: String = "image/png") -> Int {
        5 + 4 + keyLength + 4 + type.utf8.count + 1000
    }

    @Test("an image stored comes back with its type; a missing key is nil")
    func roundTrip() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskImageCache(directory: directory, maximumBytes: 1 << 20)
        await cache.store(image(7, type: "image/svg+xml"), forKey: "https://via.placeholder.com/150/92c952")
        #expect(await cache.image(forKey: "https://via.placeholder.com/150/92c952") == image(7, type: "image/svg+xml"))
        #expect(await cache.image(forKey: "https://via.placeholder.com/150/771796") == nil)
        // Storing again replaces, without counting twice.
        await cache.store(image(8, type: "image/svg+xml"), forKey: "https://via.placeholder.com/150/92c952")
        #expect(await cache.count == 1)
        #expect(await cache.image(forKey: "https://via.placeholder.com/150/92c952")?.bytes.first == 8)
    }

    @Test("the total stays within the byte bound, evicting the least recently used")
    func boundAndLRU() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bound = fileSize() * 3  // room for exactly three
        let cache = try DiskImageCache(directory: directory, maximumBytes: bound)
        await cache.store(image(1), forKey: "key-1")
        await cache.store(image(2), forKey: "key-2")
        await cache.store(image(3), forKey: "key-3")
        #expect(await cache.storedBytes == bound)
        _ = await cache.image(forKey: "key-1")  // 1 is now the most recent; 2 the least
        await cache.store(image(4), forKey: "key-4")
        #expect(await cache.contains("key-2") == false)
        #expect(await cache.contains("key-1"))
        #expect(await cache.contains("key-3"))
        #expect(await cache.contains("key-4"))
        await cache.store(image(5), forKey: "key-5")  // now 3 is the least recent
        #expect(await cache.contains("key-3") == false)
        #expect(await cache.storedBytes <= bound)
        #expect(await cache.count == 3)
        // What is on disk agrees with the index.
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(files.count == 3)
    }

    @Test("an image larger than the whole bound is not kept")
    func tooLargeForBound() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskImageCache(directory: directory, maximumBytes: 500)
        await cache.store(image(1), forKey: "key-1")
        #expect(await cache.count == 0)
        #expect(await cache.image(forKey: "key-1") == nil)
    }

    @Test("a new instance on the same directory knows the images, their sizes and their order of use")
    func survivesRestart() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let bound = fileSize() * 3
        do {
            let cache = try DiskImageCache(directory: directory, maximumBytes: bound)
            await cache.store(image(1), forKey: "key-1")
            await cache.store(image(2), forKey: "key-2")
            await cache.store(image(3), forKey: "key-3")
            _ = await cache.image(forKey: "key-1")  // order of use, oldest first: 2, 3, 1
        }
        // A crash mid-write leaves a temporary file; the next start removes it.
        try Data([1, 2, 3]).write(to: directory.appendingPathComponent(".tmp-leftover"))

        let reopened = try DiskImageCache(directory: directory, maximumBytes: bound)
        #expect(await reopened.count == 3)
        #expect(await reopened.storedBytes == bound)
        #expect(await reopened.image(forKey: "key-3") == image(3))  // order now: 2, 1, 3
        #expect(!FileManager.default.fileExists(atPath: directory.appendingPathComponent(".tmp-leftover").path))
        await reopened.store(image(4), forKey: "key-4")
        #expect(await reopened.contains("key-2") == false)
        await reopened.store(image(5), forKey: "key-5")
        #expect(await reopened.contains("key-1") == false)
        #expect(await reopened.contains("key-3"))

        // A smaller bound at the next start evicts down to it, oldest first.
        let smaller = try DiskImageCache(directory: directory, maximumBytes: fileSize())
        #expect(await smaller.count == 1)
        #expect(await smaller.contains("key-5"))
    }

    @Test("file names are the SHA-256 of the key, so no key can leave the directory")
    func keyHashing() async throws {
        #expect(
            DiskImageCache.fileName(forKey: "abc")
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad.img")
        let parent = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: parent) }
        let directory = parent.appendingPathComponent("thumbnails", isDirectory: true)
        let cache = try DiskImageCache(directory: directory, maximumBytes: 1 << 20)
        let hostile = ["../escaped", "/etc/passwd", "a/b/c", "..", "", String(repeating: "x", count: 5000)]
        for (index, key) in hostile.enumerated() {
            await cache.store(image(UInt8(index)), forKey: key)
        }
        for (index, key) in hostile.enumerated() {
            #expect(await cache.image(forKey: key)?.bytes.first == UInt8(index))
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.path) == ["thumbnails"])
        let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(Set(names) == Set(hostile.map(DiskImageCache.fileName(forKey:))))
        #expect(names.allSatisfy { $0.count == 68 && $0.hasSuffix(".img") })
    }

    @Test("a damaged file is dropped, not served")
    func damagedFile() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let cache = try DiskImageCache(directory: directory, maximumBytes: 1 << 20)
        await cache.store(image(1), forKey: "key-1")
        let file = directory.appendingPathComponent(DiskImageCache.fileName(forKey: "key-1"))
        try Data("garbage".utf8).write(to: file)
        #expect(await cache.image(forKey: "key-1") == nil)
        #expect(await cache.count == 0)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }
}
