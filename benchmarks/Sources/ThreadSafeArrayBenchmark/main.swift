// ThreadSafeArray against the usual ways of sharing an array between two threads, all measured
// in one run. See benchmarks/README.md for how to run it and for the figures.
//
//   swift run -c release --package-path benchmarks thread-safe-array-benchmark \
//       [--repetitions N] [--ops N] [--only NAME,NAME] [--no-pin]

import Foundation

struct Options {
    var repetitions = 11
    var opsPerThread = 1_000_000
    var only: [String] = []
    var pin = true

    init(_ arguments: [String]) {
        var iterator = arguments.makeIterator()
        while let argument = iterator.next() {
            if argument == "--no-pin" {
                pin = false
                continue
            }
            switch (argument, iterator.next()) {
            case ("--repetitions", let value?) where Int(value) != nil: repetitions = Int(value)!
            case ("--ops", let value?) where Int(value) != nil: opsPerThread = Int(value)!
            case ("--only", let value?): only = value.split(separator: ",").map(String.init)
            default:
                FileHandle.standardError.write(Data("""
                    usage: thread-safe-array-benchmark [--repetitions N] [--ops N] [--only NAME,NAME] [--no-pin]
                      --repetitions  timed rounds; the table shows each contender's median (default 11)
                      --ops          operations per thread for the lock-based contenders (default 1000000)
                      --only         keep only contenders whose name contains one of these (ThreadSafeArray always runs)
                      --no-pin       let the scheduler place the two threads (by default each is pinned to its own CPU)

                    """.utf8))
                exit(2)
            }
        }
        repetitions = max(1, repetitions)
        opsPerThread = max(1_000, opsPerThread)
    }
}

/// One contender: a name, how much work it gets, and how to measure it once.
struct Entry {
    var name: String
    var isSubject = false
    /// The slow contenders get `opsPerThread / divisor` operations, so a run stays short;
    /// throughput (operations per second) is what is compared, so the tables stay comparable.
    var divisor = 1
    var measure: (Workload, Int) async -> Measurement
}

let allEntries: [Entry] = [
    Entry(name: "ThreadSafeArray<Int>", isSubject: true) { measureThreads(ShippedArray.self, $0, opsPerThread: $1) },
    Entry(name: "Mutex<[Int]>") { measureThreads(MutexArray.self, $0, opsPerThread: $1) },
    Entry(name: "NSLock + [Int]") { measureThreads(NSLockArray.self, $0, opsPerThread: $1) },
    Entry(name: "pthread_mutex + [Int] var") { measureThreads(PthreadArray.self, $0, opsPerThread: $1) },
    Entry(name: "DispatchQueue barrier", divisor: 10) { measureThreads(BarrierQueueArray.self, $0, opsPerThread: $1) },
    Entry(name: "actor (2 tasks)", divisor: 4) { await measureActor($0, opsPerThread: $1) },
]

let options = Options(Array(CommandLine.arguments.dropFirst()))
let entries = allEntries.filter { entry in
    entry.isSubject || options.only.isEmpty || options.only.contains { entry.name.contains($0) }
}
let cores = ProcessInfo.processInfo.activeProcessorCount
print("ThreadSafeArray benchmark: \(options.repetitions) repetitions, \(options.opsPerThread) operations per thread "
    + "(÷10 for the DispatchQueue, ÷4 for the actor), 2 threads, \(cores) cores")
pinThreads = options.pin
let pinning = !options.pin ? "threads not pinned (--no-pin)" : allowedCPUs.count >= 2
    ? "the two threads pinned to CPUs \(allowedCPUs[0]) and \(allowedCPUs[1])"
    : "threads not pinned (fewer than 2 CPUs allowed, or not Linux)"
let load = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8))
    .map { "load average at start: " + $0.split(separator: " ").prefix(3).joined(separator: " ") } ?? ""
print("\(pinning); \(load)")
print("Each repetition runs every contender once, in turn; the figures are medians over the repetitions.")

var failures: [String] = []
var verdicts: [String] = []

for workload in Workload.allCases {
    var samples = Array(repeating: [Double](), count: entries.count)

    // One untimed round first, so every contender starts warm.
    for entry in entries {
        _ = await entry.measure(workload, max(1_000, options.opsPerThread / entry.divisor / 10))
    }
    for _ in 0..<options.repetitions {
        for (index, entry) in entries.enumerated() {
            let ops = options.opsPerThread / entry.divisor
            let measurement = await entry.measure(workload, ops)
            let expected = workload.expectedCount(opsPerThread: ops)
            if measurement.finalCount != expected {
                failures.append("\(entry.name), \(workload.rawValue): count \(measurement.finalCount), expected \(expected)")
            }
            samples[index].append(Double(Workload.threads * ops) / measurement.seconds)
        }
    }

    let rows = entries.indices.map { index in
        Row(name: entries[index].name, isSubject: entries[index].isSubject, opsPerSecond: samples[index])
    }
    let table = Table(title: workload.title, rows: rows)
    print("")
    print(table.render())

    if let subject = rows.first(where: \.isSubject) {
        let references = rows.filter { !$0.isSubject }
        if let fastest = references.max(by: { $0.median < $1.median }) {
            let ratio = fastest.median / subject.median
            let verdict = ratio <= 1.25 ? "within" : "OUTSIDE"
            verdicts.append("ThreadSafeArray, \(workload.rawValue): fastest reference (\(fastest.name)) ÷ ThreadSafeArray = "
                + "\(formatRatio(ratio)), \(verdict) the 1.25x target")
        }
    }
}

print("")
verdicts.forEach { print($0) }
if failures.isEmpty {
    print("Every contender ended every round with the expected count.")
} else {
    print("LOST OR EXTRA ELEMENTS:")
    failures.forEach { print("  \($0)") }
    exit(1)
}
