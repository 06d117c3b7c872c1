import BenchmarkSupport
import Stories

/// The path strings of one workload: drawings (a list of paths each) and their stroke widths, as
/// `LineDrawing` takes them.
struct Workload {
    let name: String
    let drawings: [(paths: [String], strokeWidth: Double)]

    var paths: [String] { drawings.flatMap(\.paths) }
    var bytes: Int { paths.reduce(0) { $0 + $1.utf8.count } }

    /// Every drawing of the bundled stories, as `content.json` writes them.
    static func bundled() throws -> Workload {
        let drawings = try StoriesContent.bundled.flatMap { item -> [(paths: [String], strokeWidth: Double)] in
            guard case .story(let story) = item else { return [] }
            return story.drawings.map { (paths: $0.pathData, strokeWidth: $0.strokeWidth) }
        }
        return Workload(name: "bundled content", drawings: drawings)
    }

    /// One drawing of `paths` paths with `segmentsPerPath` segments each, from a fixed seed: every
    /// command of the grammar in both cases (`L H V C S Q T A`, a `Z` and a new `M` now and then),
    /// coordinates with up to two decimals, spaces and commas as separators. Absolute coordinates
    /// stay in 0…100, relative steps in −10…10, arc radii in 1…30 with rotations of 0…90 degrees.
    static func synthetic(paths: Int, segmentsPerPath: Int) -> Workload {
        var random = SplitMix64(seed: 0x5EED_0F_57_0E1E5)
        let pathData = (0..<paths).map { _ in
            var text = "M" + random.coordinate() + " " + random.coordinate()
            for index in 1..<segmentsPerPath {
                let relative = random.next() % 2 == 0
                let point = { (random: inout SplitMix64) in
                    relative ? random.step() + "," + random.step() : random.coordinate() + "," + random.coordinate()
                }
                if index % 50 == 0 {
                    text += " Z M" + random.coordinate() + " " + random.coordinate()
                    continue
                }
                switch random.next() % 8 {
                case 0: text += (relative ? " l" : " L") + point(&random)
                case 1: text += relative ? " h" + random.step() : " H" + random.coordinate()
                case 2: text += relative ? " v" + random.step() : " V" + random.coordinate()
                case 3: text += (relative ? " c" : " C") + point(&random) + " " + point(&random) + " " + point(&random)
                case 4: text += (relative ? " s" : " S") + point(&random) + " " + point(&random)
                case 5: text += (relative ? " q" : " Q") + point(&random) + " " + point(&random)
                case 6: text += (relative ? " t" : " T") + point(&random)
                default:
                    text += relative ? " a" : " A"
                    text += random.number(from: 100, to: 3_000) + " " + random.number(from: 100, to: 3_000) + " "
                    text += random.number(from: 0, to: 9_000) + " \(random.next() % 2) \(random.next() % 2) " + point(&random)
                }
            }
            return text
        }
        return Workload(name: "synthetic", drawings: [(paths: pathData, strokeWidth: LineDrawing.defaultStrokeWidth)])
    }
}

extension SplitMix64 {
    /// A number in hundredths between `low` and `high` (both in hundredths), written as SVG path
    /// data would have it: `12.5`, `-3.25`, `7`.
    mutating func number(from low: Int, to high: Int) -> String {
        let hundredths = low + Int(next() % UInt64(high - low + 1))
        let magnitude = abs(hundredths)
        let sign = hundredths < 0 ? "-" : ""
        let fraction = magnitude % 100
        if fraction == 0 { return sign + String(magnitude / 100) }
        let digits = fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction)
        return sign + String(magnitude / 100) + "." + digits
    }

    mutating func coordinate() -> String { number(from: 0, to: 10_000) }
    mutating func step() -> String { number(from: -1_000, to: 1_000) }
}

/// The reference: the least any reader of these strings must do, finding every number and
/// converting it with `Double(Substring)`. No commands, no segments, no geometry. Numbers are
/// split as the SVG grammar splits them (`sign? digits ("." digits)? exponent?`, so `1.5.5` is
/// two); arc flags written without a separator (`a1 1 0 01 5 5`) would read as one number, which
/// neither workload does. Returns how many numbers it read and their sum (so none is skipped).
/// With `convert: false` it only splits (the same walk without `Double`).
func scanNumbers(_ text: String, convert: Bool = true) -> (count: Int, sum: Double) {
    let utf8 = text.utf8
    let scanned = utf8.withContiguousStorageIfAvailable { bytes -> (count: Int, sum: Double) in
        var count = 0
        var sum = 0.0
        var index = 0
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func skipDigits() { while index < bytes.count, isDigit(bytes[index]) { index += 1 } }
        while index < bytes.count {
            let byte = bytes[index]
            guard isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") else {
                index += 1
                continue
            }
            let start = index
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { index += 1 }
            skipDigits()
            if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
                index += 1
                skipDigits()
            }
            if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
                index += 1
                if index < bytes.count, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
                skipDigits()
            }
            guard convert else {
                count += 1
                sum += Double(index - start)
                continue
            }
            // Offsets into a native UTF-8 string are O(1) to turn into indices.
            let number = Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: index)])
            if let value = Double(number) {
                count += 1
                sum += value
            }
        }
        return (count, sum)
    }
    guard let scanned else { preconditionFailure("path strings are native UTF-8") }
    return scanned
}
