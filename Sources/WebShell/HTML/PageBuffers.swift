import Hummingbird
import Synchronization

/// Where a page is written: straight into the `ByteBuffer` its response sends, and, when one is
/// free, into the buffer of a page sent before it.
///
/// Writing each page into a buffer of its own and copying it into a fresh `ByteBuffer` cost more
/// than the copy: NIO rounds a buffer up to a power of two, so a page just over 64 KB (the `/cars`
/// page with Cyrillic and Polish names) took 128 KB twice per request, and glibc handed that
/// memory back to the kernel on every free and faulted it in again on the next page (perf on
/// `/cars`, issue 23: page faults, `madvise` and TLB shootdowns, about 7% of a request).
///
/// So the buffers stay here after their page is sent. A page takes the oldest one kept: by then NIO
/// has usually let go of it, and it is written over where it is. When NIO still holds it,
/// `clear()` gives it storage of its own (copy-on-write), so what is being sent is never touched.
enum PageBuffers {
    /// Buffers of earlier pages, oldest first.
    private static let kept = Mutex<[ByteBuffer]>([])
    /// About as many pages as are written and sent at once on two cores.
    static let keptCount = 8
    /// A buffer larger than this (a page of thousands of rows) is not kept.
    static let largestKept = 512 * 1024

    /// What `write` writes, ready to send. `expectedBytes`: about how large the page is.
    static func page(expectedBytes: Int, _ write: (inout HTMLWriter) -> Void) -> ByteBuffer {
        var buffer = kept.withLock { $0.isEmpty ? ByteBuffer() : $0.removeFirst() }
        buffer.clear()
        var outgrown: ByteBuffer?
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: expectedBytes) { memory in
            var writer = HTMLWriter(writingInto: memory)
            write(&writer)
            guard writer.writesInPlace else {
                // Larger than the buffer: the writer went on in memory of its own.
                outgrown = writer.withBytes { ByteBuffer(bytes: $0) }
                return 0
            }
            return writer.writtenCount
        }
        let page = outgrown ?? buffer
        kept.withLock { kept in
            if kept.count < keptCount && page.capacity <= largestKept { kept.append(page) }
        }
        return page
    }
}
