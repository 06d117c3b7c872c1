import Foundation
import ZIPFoundation

/// A ZIP upload read with ZIPFoundation from memory, every bound checked before anything is
/// inflated (issue 36): the entry count (from `ZIPDirectory`), entry names and types, and the
/// entries' declared sizes together. While inflating, bytes are counted as they come, and an
/// entry stops the moment it passes its declared size or all of them pass the limit.
///
/// Entries are inflated by ZIPFoundation's `Data.decompress`, fed only the entry's own bytes:
/// on Linux, ZIPFoundation 0.9.20's `extract` spins forever on a deflate stream that never ends
/// (weichsel/ZIPFoundation#389), because its reader returns nothing at the end of the archive;
/// our provider throws there instead.
struct BoundedZIP {
    struct File {
        let path: String
        fileprivate let record: ZIPDirectory.Record
    }

    /// Regular files, in the directory's order.
    let files: [File]
    private let data: Data
    private let directory: ZIPDirectory
    private let maxUncompressedBytes: Int
    private var inflated = 0

    init(_ data: Data, limits: HabitImportLimits) throws(HabitImportError) {
        self.data = data
        maxUncompressedBytes = limits.maxUncompressedBytes
        directory = try ZIPDirectory(data, maxEntries: limits.maxZIPEntries)
        // ZIPFoundation ends its listing at an encrypted entry, so those are found here first.
        if let encrypted = directory.records.first(where: \.isEncrypted) {
            throw .zipUnsupportedEntry(path: String(decoding: encrypted.name, as: UTF8.self))
        }
        let entries = try Self.entries(of: data, count: directory.records.count)
        var files: [File] = []
        var declared = 0
        for (entry, record) in zip(entries, directory.records) {
            guard entry.compressedSize == record.compressedSize, entry.uncompressedSize == record.uncompressedSize else {
                throw .zipUnreadable
            }
            let path = entry.path
            guard Self.isSafe(record.name) else { throw .zipUnsafeEntryName(path: path) }
            switch entry.type {
            case .symlink: throw .zipSymlink(path: path)
            case .directory: continue
            case .file: break
            }
            guard record.method == CompressionMethod.none.rawValue || record.method == CompressionMethod.deflate.rawValue else {
                throw .zipUnsupportedEntry(path: path)
            }
            declared += record.uncompressedSize
            guard declared <= limits.maxUncompressedBytes else { throw .zipTooLarge(limitBytes: limits.maxUncompressedBytes) }
            files.append(File(path: path, record: record))
        }
        self.files = files
    }

    /// The file's bytes, refused when it declares more than `maxBytes`, inflates past what it
    /// declares, or does not match its checksum.
    mutating func contents(of file: File, maxBytes: Int) throws(HabitImportError) -> Data {
        let record = file.record
        guard record.uncompressedSize <= maxBytes else { throw .csv(file: file.path, .tooLarge(limitBytes: maxBytes)) }
        let range = try directory.dataRange(of: record, in: data)
        let stored = data[(data.startIndex + range.lowerBound)..<(data.startIndex + range.upperBound)]
        let contents: Data
        if record.method == CompressionMethod.none.rawValue {
            contents = Data(stored)
        } else {
            contents = try inflate(stored, declared: record.uncompressedSize, path: file.path)
        }
        inflated += contents.count
        guard contents.count == record.uncompressedSize, contents.crc32(checksum: 0) == record.crc32 else { throw .zipUnreadable }
        guard inflated <= maxUncompressedBytes else { throw .zipTooLarge(limitBytes: maxUncompressedBytes) }
        return contents
    }

    /// ZIPFoundation's inflater fed the whole stream as one chunk: it tells zlib that every chunk
    /// is `bufferSize` bytes, so a shorter last chunk would be read past its end. Asked for more,
    /// the provider throws: the stream is cut short.
    private func inflate(_ compressed: Data, declared: Int, path: String) throws(HabitImportError) -> Data {
        guard !compressed.isEmpty else { throw .zipUnreadable }
        var output = Data()
        let budget = maxUncompressedBytes - inflated
        do {
            _ = try Data.decompress(
                size: Int64(compressed.count), bufferSize: compressed.count, skipCRC32: true,
                provider: { position, _ in
                    guard position == 0 else { throw HabitImportError.zipUnreadable }
                    return Data(compressed)
                },
                consumer: { chunk in
                    guard output.count + chunk.count <= declared else { throw HabitImportError.zipEntryLargerThanDeclared(path: path) }
                    guard output.count + chunk.count <= budget else { throw HabitImportError.zipTooLarge(limitBytes: maxUncompressedBytes) }
                    output.append(chunk)
                })
        } catch let error as HabitImportError {
            throw error
        } catch {
            throw .zipUnreadable
        }
        return output
    }

    /// ZIPFoundation's entries, which must be exactly the directory's.
    private static func entries(of data: Data, count: Int) throws(HabitImportError) -> [Entry] {
        let archive: Archive
        do {
            archive = try Archive(data: data, accessMode: .read)
        } catch {
            throw .zipUnreadable
        }
        var entries: [Entry] = []
        for entry in archive {
            entries.append(entry)
            guard entries.count <= count else { throw .zipUnreadable }
        }
        guard entries.count == count else { throw .zipUnreadable }
        return entries
    }

    /// No NUL, no backslash (a Windows separator that could hide `..\`), not absolute (`/x`,
    /// `C:x`), and no `..` component.
    static func isSafe(_ name: [UInt8]) -> Bool {
        guard !name.isEmpty, !name.contains(0), !name.contains(UInt8(ascii: "\\")), name.first != UInt8(ascii: "/") else { return false }
        if name.count >= 2, name[1] == UInt8(ascii: ":") { return false }
        return !name.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false).contains { $0.elementsEqual("..".utf8) }
    }
}
