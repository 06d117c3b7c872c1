import Stories

// How long the Stories core takes to parse and frame drawings (`LineDrawing(pathData:strokeWidth:)`:
// every path through `SVGPath(parsing:)`, then the union of their exact bounding boxes as the
// viewBox), as a ratio to a floor measured in the same run on the same strings: finding every
// number and converting it with `Double(Substring)`. Two workloads: all drawings of the bundled
// content, and a generated drawing of about 2,000 segments with every command. One thread, release build;
// each round runs every step of every workload once, in turn, and a step's figure is its median.
// Usage: swift run -c release --package-path benchmarks stories-path-benchmark [rounds, default 2000]

let rounds = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 2000
guard rounds > 0 else { fatalError("rounds must be a positive number") }

/// One timed step of a workload; its body returns a checksum so the work cannot be optimised away.
struct Step {
    let label: String
    let body: () throws -> Double
}

/// The steps of `workload`: the figure first, the floor last, the ones between to show where the
/// time goes. Content is read before any timing; only what the label says is timed.
func steps(for workload: Workload) throws -> [Step] {
    let drawings = workload.drawings
    let paths = workload.paths
    let parsed = try paths.map { try SVGPath(parsing: $0) }
    return [
        Step(label: "parse and frame (`LineDrawing`)") {
            var sum = 0.0
            for drawing in drawings {
                sum += try LineDrawing(pathData: drawing.paths, strokeWidth: drawing.strokeWidth).viewBox.width
            }
            return sum
        },
        Step(label: "parse only (`SVGPath(parsing:)`)") {
            var sum = 0.0
            for path in paths { sum += Double(try SVGPath(parsing: path).segments.count) }
            return sum
        },
        Step(label: "frame only (`boundingBox` of parsed paths)") {
            var sum = 0.0
            for path in parsed { sum += path.boundingBox?.width ?? 0 }
            return sum
        },
        Step(label: "split numbers only (the floor without `Double`)") {
            var sum = 0.0
            for path in paths {
                let (count, total) = scanNumbers(path, convert: false)
                sum += Double(count) + total
            }
            return sum
        },
        Step(label: "floor: numbers with `Double(Substring)`") {
            var sum = 0.0
            for path in paths {
                let (count, total) = scanNumbers(path)
                sum += Double(count) + total
            }
            return sum
        },
    ]
}

func microseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000_000 + Double(duration.components.attoseconds) / 1_000_000_000_000
}

func format(_ value: Double, decimals: Int) -> String {
    var scale = 1.0
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((value * scale).rounded())
    let whole = String(scaled / Int(scale))
    guard decimals > 0 else { return whole }
    let fraction = String(abs(scaled) % Int(scale))
    return whole + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
}

let workloads = [try Workload.bundled(), Workload.synthetic(paths: 8, segmentsPerPath: 250)]
let allSteps = try workloads.map { try steps(for: $0) }
var samples = allSteps.map { $0.map { _ in [Double]() } }
var checksum = 0.0

// Warm-up: a tenth of the rounds (at least one), not recorded.
for _ in 0..<max(1, rounds / 10) {
    for workloadSteps in allSteps {
        for step in workloadSteps { checksum += try step.body() }
    }
}
for _ in 0..<rounds {
    for (workload, workloadSteps) in allSteps.enumerated() {
        for (index, step) in workloadSteps.enumerated() {
            let start = ContinuousClock.now
            checksum += try step.body()
            samples[workload][index].append(microseconds(ContinuousClock.now - start))
        }
    }
}
precondition(checksum.isFinite, "checksum")

var ratios: [String] = []
for (position, workload) in workloads.enumerated() {
    let parsed = try workload.paths.map { try SVGPath(parsing: $0) }
    let numbers = workload.paths.reduce(0) { $0 + scanNumbers($1).count }
    let segments = parsed.reduce(0) { $0 + $1.segments.count }
    print("")
    print("**\(workload.name)**: \(workload.drawings.count) drawing\(workload.drawings.count == 1 ? "" : "s"), \(workload.paths.count) paths, "
          + "\(workload.bytes) bytes, \(segments) segments, \(numbers) numbers")
    print("")
    print("| step | µs/round (median of \(rounds)) | p10–p90 µs | MB/s | ÷ floor |")
    print("|---|---:|---:|---:|---:|")
    let medians = samples[position].map { column in column.sorted()[column.count / 2] }
    let floor = medians[medians.count - 1]
    for (index, step) in allSteps[position].enumerated() {
        let sorted = samples[position][index].sorted()
        let median = medians[index]
        let spread = format(sorted[sorted.count / 10], decimals: 2) + "–" + format(sorted[sorted.count * 9 / 10], decimals: 2)
        let megabytesPerSecond = Double(workload.bytes) / median  // bytes per µs = MB/s
        print("| \(step.label) | \(format(median, decimals: 2)) | \(spread) | \(format(megabytesPerSecond, decimals: 1)) "
              + "| \(format(median / floor, decimals: 2))x |")
    }
    ratios.append("\(format(medians[0] / floor, decimals: 2))x (\(workload.name))")
}
print("")
print("Parse and frame ÷ floor: " + ratios.joined(separator: ", "))
