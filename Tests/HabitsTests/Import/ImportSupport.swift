import Foundation
import Testing
import ZIPFoundation
@testable import Habits

/// The day the import tests run on.
let importToday = day(2026, 11, 20)

func utf8(_ text: String) -> Data { Data(text.utf8) }

/// A ZIP written by ZIPFoundation, each file deflated, as Loop's exporter writes them.
func zipArchive(_ files: [(path: String, text: String)]) throws -> Data {
    let archive = try Archive(data: Data(), accessMode: .create)
    for file in files {
        let bytes = utf8(file.text)
        try archive.addEntry(with: file.path, type: .file, uncompressedSize: Int64(bytes.count), compressionMethod: .deflate) { position, size in
            bytes.subdata(in: Int(position)..<Int(position) + size)
        }
    }
    return try #require(archive.data)
}

/// `data` deflated raw, as a ZIP entry holds it.
func deflated(_ data: Data) throws -> Data {
    var output = Data()
    _ = try Data.compress(size: Int64(data.count), bufferSize: 16 * 1024, provider: { position, size in
        data.subdata(in: Int(position)..<Int(position) + size)
    }, consumer: { output.append($0) })
    return output
}

/// One entry of a ZIP written byte by byte, for what no well-behaved writer makes: lying sizes,
/// hostile names, symbolic links, 100,000 entries.
struct RawEntry {
    var name: [UInt8]
    /// The entry's data as stored (deflated when `method` is 8).
    var stored: Data
    var method: UInt16 = 0
    var crc32: UInt32
    var uncompressedSize: UInt32
    var flags: UInt16 = 0x0800
    /// A Unix mode for the external attributes (made by Unix), e.g. 0o120777 for a link.
    var unixMode: UInt32? = nil

    /// A stored file whose sizes and checksum are true.
    init(_ name: String, _ text: String) {
        self.init(name: Array(name.utf8), contents: utf8(text))
    }

    init(name: [UInt8], contents: Data) {
        self.name = name
        stored = contents
        crc32 = contents.crc32(checksum: 0)
        uncompressedSize = UInt32(contents.count)
    }

    init(name: [UInt8], stored: Data, method: UInt16, crc32: UInt32, uncompressedSize: UInt32) {
        self.name = name
        self.stored = stored
        self.method = method
        self.crc32 = crc32
        self.uncompressedSize = uncompressedSize
    }
}

/// A ZIP of `entries` (APPNOTE.TXT 4.3); with more than 65,534 entries its end record says
/// 0xFFFF and a ZIP64 end record before it holds the real count, as writers do.
func rawZIP(_ entries: [RawEntry]) -> Data {
    var out: [UInt8] = []
    var directory: [UInt8] = []
    for entry in entries {
        let offset = UInt32(out.count)
        out.append(le: 0x0403_4B50, 4)
        out.append(le: 20, 2)
        out.append(le: UInt64(entry.flags), 2)
        out.append(le: UInt64(entry.method), 2)
        out.append(le: 0, 4)  // time and date
        out.append(le: UInt64(entry.crc32), 4)
        out.append(le: UInt64(entry.stored.count), 4)
        out.append(le: UInt64(entry.uncompressedSize), 4)
        out.append(le: UInt64(entry.name.count), 2)
        out.append(le: 0, 2)
        out.append(contentsOf: entry.name)
        out.append(contentsOf: entry.stored)

        directory.append(le: 0x0201_4B50, 4)
        directory.append(le: entry.unixMode == nil ? 20 : 3 << 8 | 20, 2)
        directory.append(le: 20, 2)
        directory.append(le: UInt64(entry.flags), 2)
        directory.append(le: UInt64(entry.method), 2)
        directory.append(le: 0, 4)
        directory.append(le: UInt64(entry.crc32), 4)
        directory.append(le: UInt64(entry.stored.count), 4)
        directory.append(le: UInt64(entry.uncompressedSize), 4)
        directory.append(le: UInt64(entry.name.count), 2)
        directory.append(le: 0, 6)  // extra and comment lengths, disk
        directory.append(le: 0, 2)  // internal attributes
        directory.append(le: UInt64((entry.unixMode ?? 0) << 16), 4)
        directory.append(le: UInt64(offset), 4)
        directory.append(contentsOf: entry.name)
    }
    let directoryOffset = out.count
    out.append(contentsOf: directory)
    let count = entries.count
    if count >= 0xFFFF {
        let zip64End = out.count
        out.append(le: 0x0606_4B50, 4)
        out.append(le: 44, 8)
        out.append(le: 45, 2)
        out.append(le: 45, 2)
        out.append(le: 0, 8)  // disks
        out.append(le: UInt64(count), 8)
        out.append(le: UInt64(count), 8)
        out.append(le: UInt64(directory.count), 8)
        out.append(le: UInt64(directoryOffset), 8)
        out.append(le: 0x0706_4B50, 4)
        out.append(le: 0, 4)
        out.append(le: UInt64(zip64End), 8)
        out.append(le: 1, 4)
    }
    out.append(le: 0x0605_4B50, 4)
    out.append(le: 0, 4)
    out.append(le: UInt64(min(count, 0xFFFF)), 2)
    out.append(le: UInt64(min(count, 0xFFFF)), 2)
    out.append(le: UInt64(directory.count), 4)
    out.append(le: UInt64(directoryOffset), 4)
    out.append(le: 0, 2)
    return Data(out)
}

extension [UInt8] {
    mutating func append(le value: UInt64, _ width: Int) {
        for index in 0..<width { append(UInt8(truncatingIfNeeded: value >> (8 * UInt64(index)))) }
    }
}

/// A raw deflate stream that inflates to `1 + 258 × (1 + 8 × groups)` zero bytes, made without
/// compressing anything: one fixed-Huffman block (RFC 1951 3.2.6) of a literal 0, then matches of
/// length 258 at distance 1, 13 bits each. Eight matches are 13 whole bytes, so the stream is a
/// 3-byte start, one 13-byte group repeated, and the end-of-block code: 1 GB costs 6.8 MB.
enum ZeroBomb {
    static func stream(groups: Int) -> Data {
        var start = BitWriter()
        start.bits(1, count: 1)  // final block
        start.bits(1, count: 2)  // fixed Huffman codes
        start.code(0x30, length: 8)  // literal 0
        start.match()
        var group = BitWriter()
        for _ in 0..<8 { group.match() }
        precondition(start.bytes.count == 3 && start.used == 0 && group.bytes.count == 13 && group.used == 0)
        var data = Data(start.bytes)
        let pattern = Data(group.bytes)
        data.reserveCapacity(3 + 13 * groups + 1)
        for _ in 0..<groups { data.append(pattern) }
        data.append(0)  // end of block (seven zero bits) and padding
        return data
    }

    static func inflatedSize(groups: Int) -> Int { 1 + 258 * (1 + 8 * groups) }

    /// Groups for a stream that inflates to just over 1 GiB.
    static let gigabyteGroups = (1 << 30) / (258 * 8) + 1

    private struct BitWriter {
        var bytes: [UInt8] = []
        /// Bits used of the last byte; 0 when it is full.
        var used = 0

        mutating func bits(_ value: UInt32, count: Int) {
            for index in 0..<count { bit(value >> UInt32(index) & 1) }
        }

        /// Huffman codes go most significant bit first.
        mutating func code(_ value: UInt32, length: Int) {
            for index in (0..<length).reversed() { bit(value >> UInt32(index) & 1) }
        }

        /// Length 258 (symbol 285, no extra bits) at distance 1 (code 0, no extra bits).
        mutating func match() {
            code(0xC5, length: 8)
            code(0, length: 5)
        }

        private mutating func bit(_ bit: UInt32) {
            if used == 0 { bytes.append(0) }
            bytes[bytes.count - 1] |= UInt8(bit) << UInt8(used)
            used = (used + 1) % 8
        }
    }
}

/// The error `body` throws, as a `HabitImportError`.
func importError(_ body: () throws(HabitImportError) -> HabitImport) -> HabitImportError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}
