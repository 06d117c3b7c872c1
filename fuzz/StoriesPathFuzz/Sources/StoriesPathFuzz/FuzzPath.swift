import Stories

/// libFuzzer's entry point: the bytes, as UTF-8, are path data. Whatever parses must write back to
/// canonical text that parses to the same path (and is its own canonical form), and its bounding
/// box must be finite. A violated check traps, which libFuzzer reports as a crash.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPath(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    guard let path = try? SVGPath(parsing: text) else { return 0 }
    let canonical = path.serialized
    guard let reparsed = try? SVGPath(parsing: canonical) else {
        fatalError("canonical form does not parse: \(text.debugDescription) → \(canonical.debugDescription)")
    }
    precondition(reparsed == path, "round trip changed the path: \(text.debugDescription) → \(canonical.debugDescription)")
    precondition(reparsed.serialized == canonical, "canonical form is not a fixed point: \(canonical.debugDescription)")
    if let box = path.boundingBox {
        precondition(box.isFinite, "box \(box) is not finite for \(text.debugDescription)")
    }
    return 0
}
