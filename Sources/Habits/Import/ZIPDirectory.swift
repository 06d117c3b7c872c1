import Foundation

/// A ZIP's central directory, read from memory by its offsets alone (APPNOTE.TXT 4.3.12, 4.3.16),
/// before ZIPFoundation touches the archive (issue 36): the entry count is bounded from the end
/// record, so an archive of 100,000 entries is refused after reading 22 bytes, and each entry's
/// data is located so that `BoundedZIP` can hand exactly those bytes to the inflater.
///
/// Exports of a few megabytes never need ZIP64 or several disks, so an archive using them is
/// refused rather than read.
struct ZIPDirectory {
    struct Record {
        let flags: UInt16
        let method: UInt16
        let crc32: UInt32
        let compressedSize: Int
        let uncompressedSize: Int
        let name: [UInt8]
        let localHeaderOffset: Int

        var isEncrypted: Bool { flags & 1 != 0 }
    }

    let records: [Record]
    /// Where the directory starts: every entry's data ends before it.
    let offset: Int

    private static let endSignature = 0x0605_4B50
    private static let zip64LocatorSignature = 0x0706_4B50
    private static let recordSignature = 0x0201_4B50
    private static let localSignature = 0x0403_4B50
    /// The end record (22 bytes) and the longest comment it may carry.
    private static let endSearchLength = 22 + 0xFFFF

    init(_ data: Data, maxEntries: Int) throws(HabitImportError) {
        let bytes = Bytes(data)
        guard let end = Self.findEnd(bytes) else { throw .zipUnreadable }
        let entryCount = bytes.uint16(end + 10)
        guard entryCount <= maxEntries else { throw .zipTooManyEntries(limit: maxEntries) }
        let size = bytes.uint32(end + 12)
        let offset = bytes.uint32(end + 16)
        guard bytes.uint16(end + 4) == 0, bytes.uint16(end + 6) == 0, bytes.uint16(end + 8) == entryCount,
              entryCount != 0xFFFF, size != 0xFFFF_FFFF, offset != 0xFFFF_FFFF,
              end < 20 || bytes.uint32(end - 20) != Self.zip64LocatorSignature,
              offset + size <= end else { throw .zipUnreadable }
        var records: [Record] = []
        var position = offset
        for _ in 0..<entryCount {
            guard position + 46 <= offset + size, bytes.uint32(position) == Self.recordSignature else { throw .zipUnreadable }
            let nameLength = bytes.uint16(position + 28)
            let next = position + 46 + nameLength + bytes.uint16(position + 30) + bytes.uint16(position + 32)
            guard next <= offset + size else { throw .zipUnreadable }
            let record = Record(
                flags: UInt16(bytes.uint16(position + 8)), method: UInt16(bytes.uint16(position + 10)),
                crc32: UInt32(bytes.uint32(position + 16)), compressedSize: bytes.uint32(position + 20),
                uncompressedSize: bytes.uint32(position + 24), name: bytes.slice(position + 46, nameLength),
                localHeaderOffset: bytes.uint32(position + 42))
            guard record.compressedSize != 0xFFFF_FFFF, record.uncompressedSize != 0xFFFF_FFFF,
                  record.localHeaderOffset != 0xFFFF_FFFF else { throw .zipUnreadable }
            records.append(record)
            position = next
        }
        guard position == offset + size else { throw .zipUnreadable }
        self.records = records
        self.offset = offset
    }

    /// The bytes of `record`'s data (compressed, when it is) within `data`.
    func dataRange(of record: Record, in data: Data) throws(HabitImportError) -> Range<Int> {
        let bytes = Bytes(data)
        let header = record.localHeaderOffset
        guard header + 30 <= offset, bytes.uint32(header) == Self.localSignature else { throw .zipUnreadable }
        let start = header + 30 + bytes.uint16(header + 26) + bytes.uint16(header + 28)
        guard start + record.compressedSize <= offset else { throw .zipUnreadable }
        return start..<(start + record.compressedSize)
    }

    /// The last end-record signature within the archive's tail, where ZIPFoundation looks too.
    private static func findEnd(_ bytes: Bytes) -> Int? {
        guard bytes.count >= 22 else { return nil }
        let lowest = max(0, bytes.count - endSearchLength)
        return stride(from: bytes.count - 22, through: lowest, by: -1).first { bytes.uint32($0) == endSignature }
    }
}

/// Little-endian reads at offsets from the start of `Data`, whatever its indices.
private struct Bytes {
    let data: Data
    init(_ data: Data) { self.data = data }

    var count: Int { data.count }

    func uint16(_ offset: Int) -> Int {
        Int(byte(offset)) | Int(byte(offset + 1)) << 8
    }

    func uint32(_ offset: Int) -> Int {
        uint16(offset) | uint16(offset + 2) << 16
    }

    func slice(_ offset: Int, _ length: Int) -> [UInt8] {
        guard offset + length <= data.count else { return [] }
        return [UInt8](data[(data.startIndex + offset)..<(data.startIndex + offset + length)])
    }

    /// Zero beyond the end, so a truncated directory reads as garbage and fails its checks.
    private func byte(_ offset: Int) -> UInt8 {
        offset >= 0 && offset < data.count ? data[data.startIndex + offset] : 0
    }
}
