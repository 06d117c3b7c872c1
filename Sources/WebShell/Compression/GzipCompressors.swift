import CompressNIO
import NIOCore
import Synchronization

/// zlib's gzip compressors for the answers, kept between them (issue 47). Making one allocates
/// zlib's window and hash tables (about 256 KB) and ending it frees them: for a 5 KB page that
/// cost more than compressing it. A kept one is reset, which keeps its memory.
final class GzipCompressors: Sendable {
    /// One zlib stream, used by one answer at a time: it is out of the pool while it compresses,
    /// and nothing else holds it. That is the guarantee `ZlibCompressor`, a class over a z_stream
    /// pointer, cannot state itself, so the claim is made here, where the pool enforces it.
    private final class Kept: @unchecked Sendable {
        let zlib: ZlibCompressor
        init(_ zlib: ZlibCompressor) { self.zlib = zlib }
    }

    private let kept = Mutex<[Kept]>([])
    private let level: Int32
    /// How many wait between answers: about as many as compress at once on a few cores.
    private let capacity: Int

    init(level: Int32, capacity: Int = 8) {
        self.level = level
        self.capacity = capacity
    }

    /// `bytes` gzipped.
    func compress(_ bytes: ByteBuffer) throws -> ByteBuffer {
        let compressor = try kept.withLock { $0.popLast() }
            ?? Kept(ZlibCompressor(algorithm: .gzip, configuration: ZlibConfiguration(compressionLevel: level)))
        var input = bytes
        var output = ByteBufferAllocator().buffer(capacity: compressor.zlib.maxSize(from: input))
        try compressor.zlib.deflate(from: &input, to: &output, flush: .finish)
        // A compressor that failed is dropped with its state; a finished one starts a new stream.
        try compressor.zlib.reset()
        kept.withLock { kept in
            if kept.count < capacity { kept.append(compressor) }
        }
        return output
    }
}
