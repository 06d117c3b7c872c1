import CLibdeflate
import NIOCore
import Synchronization

/// libdeflate's gzip compressors for the answers, kept between them (issue 47). An answer is one
/// buffer, so it is compressed whole, which libdeflate does in about a third of zlib's time at
/// level 1, a little smaller (`benchmarks/README.md`, "Speed won back, fourth part"). Making a
/// compressor allocates its tables (hundreds of KB); a kept one is reused as it is.
final class GzipCompressors: Sendable {
    /// One libdeflate compressor, used by one answer at a time: it is out of the pool while it
    /// compresses, and nothing else holds it. libdeflate allows a compressor one caller at a time
    /// and a C pointer cannot say so itself, so the claim is made here, where the pool enforces it.
    private final class Kept: @unchecked Sendable {
        let compressor: OpaquePointer
        init(_ compressor: OpaquePointer) { self.compressor = compressor }
        deinit { libdeflate_free_compressor(compressor) }
    }

    enum Failure: Error {
        /// libdeflate could not allocate a compressor.
        case noMemory
        /// The compressed bytes did not fit libdeflate's own bound (it never happens).
        case overflow
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
        let kept = try self.kept.withLock { $0.popLast() } ?? Self.make(level: level)
        defer {
            self.kept.withLock { pool in
                if pool.count < capacity { pool.append(kept) }
            }
        }
        let count = bytes.readableBytes
        var output = ByteBufferAllocator().buffer(capacity: libdeflate_gzip_compress_bound(kept.compressor, count))
        let written = bytes.withUnsafeReadableBytes { input in
            output.writeWithUnsafeMutableBytes(minimumWritableBytes: 0) { out in
                libdeflate_gzip_compress(kept.compressor, input.baseAddress, count, out.baseAddress, out.count)
            }
        }
        guard written > 0 else { throw Failure.overflow }
        return output
    }

    private static func make(level: Int32) throws -> Kept {
        guard let compressor = libdeflate_alloc_compressor(level) else { throw Failure.noMemory }
        return Kept(compressor)
    }
}
