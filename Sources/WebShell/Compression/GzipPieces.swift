import CompressNIO
import NIOCore

/// A page gzipped once, in pieces cut where each request's own text goes (the forms' CSRF token),
/// and joined with that text for each request without compressing anything again (issue 47: the
/// home page was compressed anew for every request because its token differs).
///
/// Each piece is raw deflate ended by a sync flush, so it ends on a byte boundary and holds no final
/// block; the request's text goes between pieces as stored blocks (deflate's uncompressed kind);
/// an empty final stored block ends the stream. The gzip header and trailer wrap it, the trailer's
/// CRC-32 combined from the pieces' checksums and the text's, so no byte is read twice (RFC 1951
/// §3.2.4, RFC 1952 §2.3).
struct GzipPieces: Sendable {
    private let deflated: [[UInt8]]
    private let checksums: [UInt32]
    private let shifts: [CRC32.Shift]
    private let lengths: [Int]
    private let deflatedCount: Int

    /// Magic, deflate, no flags, no time, no extra flags, Unix.
    private static let header: [UInt8] = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x03]
    /// An empty stored block marked final.
    private static let finalBlock: [UInt8] = [0x01, 0x00, 0x00, 0xFF, 0xFF]
    /// The most a stored block holds.
    private static let largestStored = 0xFFFF

    /// `pieces` compressed at `level`: kept, so zlib's smallest costs nothing per request.
    init(pieces: [[UInt8]], level: Int32 = Gzip.assetLevel) throws {
        precondition(!pieces.isEmpty, "a page is at least one piece")
        let zlib = try ZlibCompressor(algorithm: .deflate, configuration: ZlibConfiguration(compressionLevel: level))
        var deflated: [[UInt8]] = []
        for piece in pieces {
            guard !piece.isEmpty else {
                deflated.append([])
                continue
            }
            var input = ByteBuffer(bytes: piece)
            // A sync flush adds at most an empty stored block to what zlib's bound allows.
            var output = ByteBufferAllocator().buffer(capacity: zlib.maxSize(from: input) + 64)
            try zlib.deflate(from: &input, to: &output, flush: .sync)
            guard input.readableBytes == 0 else { throw CompressNIOError.bufferOverflow }
            deflated.append(Array(output.readableBytesView))
            try zlib.reset()
        }
        self.deflated = deflated
        checksums = pieces.map { CRC32.checksum($0) }
        shifts = pieces.map { CRC32.Shift(length: $0.count) }
        lengths = pieces.map(\.count)
        deflatedCount = deflated.reduce(0) { $0 + $1.count }
    }

    /// The gzipped page with `insert` between every two pieces.
    func joined(with insert: [UInt8]) -> ByteBuffer {
        let insertChecksum = CRC32.checksum(insert)
        let insertShift = CRC32.Shift(length: insert.count)
        let storedBlocks = max(1, (insert.count + Self.largestStored - 1) / Self.largestStored)
        let gaps = deflated.count - 1
        var buffer = ByteBufferAllocator().buffer(
            capacity: Self.header.count + deflatedCount + gaps * (insert.count + 5 * storedBlocks) + Self.finalBlock.count + 8)
        buffer.writeBytes(Self.header)
        buffer.writeBytes(deflated[0])
        var checksum = checksums[0]
        var total = lengths[0]
        for index in deflated.indices.dropFirst() {
            Self.writeStored(insert, to: &buffer)
            buffer.writeBytes(deflated[index])
            checksum = CRC32.combine(checksum, insertChecksum, shiftedBy: insertShift)
            checksum = CRC32.combine(checksum, checksums[index], shiftedBy: shifts[index])
            total += insert.count + lengths[index]
        }
        buffer.writeBytes(Self.finalBlock)
        buffer.writeInteger(checksum, endianness: .little)
        buffer.writeInteger(UInt32(truncatingIfNeeded: total), endianness: .little)
        return buffer
    }

    /// `bytes` as stored blocks: a header byte (not final, stored; the stream is byte-aligned
    /// here), the length and its complement, then the bytes.
    private static func writeStored(_ bytes: [UInt8], to buffer: inout ByteBuffer) {
        var start = 0
        repeat {
            let end = min(start + largestStored, bytes.count)
            let length = UInt16(end - start)
            buffer.writeInteger(UInt8(0))
            buffer.writeInteger(length, endianness: .little)
            buffer.writeInteger(~length, endianness: .little)
            buffer.writeBytes(bytes[start..<end])
            start = end
        } while start < bytes.count
    }
}
