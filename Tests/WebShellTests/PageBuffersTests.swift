import Hummingbird
import Testing
@testable import WebShell

/// Pages are written straight into the `ByteBuffer` they are sent in, often one an earlier page was
/// sent in (`PageBuffers`). These tests hold that a page's bytes are exactly what a plain writer
/// writes, that a page still being sent is never written over, and that a writer lent memory
/// never writes past it.
@Suite("Page buffers")
struct PageBuffersTests {
    /// A page of `cells` car-like cells, the same bytes whatever the writer writes into.
    static func write(cells: Int, tag: String, into writer: inout HTMLWriter) {
        writer.markup("<!doctype html>\n<main>")
        for index in 0..<cells {
            writer.markup(#"<section aria-label=""#)
            writer.text("\(tag) Łódź & <Производитель> \"\(index)\"")
            writer.markup(#"" data-id=""#)
            writer.number(index)
            writer.markup(#""></section>"#)
        }
        writer.markup("</main>")
    }

    static func expected(cells: Int, tag: String) -> [UInt8] {
        var writer = HTMLWriter(capacity: 64)
        write(cells: cells, tag: tag, into: &writer)
        return writer.bytes
    }

    @Test("a page holds the same bytes as a plain writer's, small or larger than its buffer", arguments: [0, 1, 50, 400, 9_000])
    func sameBytes(cells: Int) {
        let page = PageBuffers.page(expectedBytes: 64) { Self.write(cells: cells, tag: "a", into: &$0) }
        #expect(Array(page.readableBytesView) == Self.expected(cells: cells, tag: "a"))
    }

    @Test("a page that is still held (being sent) keeps its bytes while later pages reuse the buffers")
    func heldPagesStay() {
        let held = (0..<3).map { round in
            PageBuffers.page(expectedBytes: 64 * 1024) { Self.write(cells: 50, tag: "held \(round)", into: &$0) }
        }
        for round in 0..<(PageBuffers.keptCount * 3) {
            let later = PageBuffers.page(expectedBytes: 64 * 1024) { Self.write(cells: 60, tag: "later \(round)", into: &$0) }
            #expect(Array(later.readableBytesView) == Self.expected(cells: 60, tag: "later \(round)"))
        }
        for (round, page) in held.enumerated() {
            #expect(Array(page.readableBytesView) == Self.expected(cells: 50, tag: "held \(round)"))
        }
    }

    @Test("a writer lent memory writes there while the bytes fit, then goes on in its own, never past the memory")
    func lentMemory() {
        let lent = 256
        let guardBytes = 64
        let memory = UnsafeMutableRawBufferPointer.allocate(byteCount: lent + guardBytes, alignment: 8)
        defer { memory.deallocate() }
        memory.initializeMemory(as: UInt8.self, repeating: 0xEE)
        let text = #"Gęślą jaźń «17» & "O'Brien" <Модель17> "#
        var plain = HTMLWriter(capacity: 64)
        var writer = HTMLWriter(writingInto: UnsafeMutableRawBufferPointer(rebasing: memory[..<lent]))
        for _ in 0..<20 {
            plain.escape(text)
            writer.escape(text)
            if writer.writesInPlace {
                let inPlace = Array(memory[..<writer.writtenCount])
                #expect(inPlace == plain.bytes)
            }
            #expect(memory[lent...].allSatisfy { $0 == 0xEE }, "nothing written past the lent memory")
        }
        let movedOut = !writer.writesInPlace
        let written = writer.bytes
        #expect(movedOut)
        #expect(written == plain.bytes)
    }
}
