/// Insertions into a README's bytes, collected by a guard and applied in one copy.
struct ByteEdits {
    /// Where each insertion goes and which bytes of `inserted` it is.
    private var insertions: [(position: Int, bytes: Range<Int>)] = []
    private var inserted: [UInt8] = []

    var isEmpty: Bool { insertions.isEmpty }

    /// Inserts `bytes` before the byte at `position`.
    mutating func insert<Bytes: Sequence<UInt8>>(_ bytes: Bytes, before position: Int) {
        let start = inserted.count
        inserted += bytes
        insertions.append((position, start..<inserted.count))
    }

    /// `bytes` with every insertion made; insertions at one position keep their order.
    func applied(to bytes: [UInt8]) -> [UInt8] {
        guard !insertions.isEmpty else { return bytes }
        var ordered = insertions
        if !zip(insertions, insertions.dropFirst()).allSatisfy({ $0.position <= $1.position }) {
            ordered = insertions.enumerated()
                .sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
                .map(\.element)
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + inserted.count)
        var start = 0
        for insertion in ordered {
            result += bytes[start..<insertion.position]
            result += inserted[insertion.bytes]
            start = insertion.position
        }
        result += bytes[start...]
        return result
    }
}
