import CodeHighlighting
import Foundation
import SourceHighlightReference

// How fast CodeHighlighting highlights a file (issue 49: "a 10,000-line file highlights in well
// under 200 ms on this machine", "a pathological file cannot hold a server thread"), against
// references measured in the same run:
// - `plain`: the same file cut into plain lines and escaped, what a page costs without colour;
// - `library loop`: GNU Source-highlight's own loop (`SourceHighlighter::highlightParagraph`) over
//   the same lines with the same definition, its output dropped (the loop CSourceHighlight's
//   replaces).
// `ours` is `SyntaxHighlighter.highlightBlocking` with no time budget (so every line is done) and
// the standard 1,000-byte line cap, then every line's HTML, as the file page will take it.
// Each round runs every workload once with each contender, in turn; a figure is the median.
// Usage: swift run -c release --package-path benchmarks highlight-benchmark [rounds, default 11]
//        swift run -c release --package-path benchmarks highlight-benchmark sweep [rounds, default 3]
// The second form is how the worst case was found: one line at the 1,000-byte cap of each of 36
// shapes (a long identifier, `'a` repeated, unclosed strings, brackets...) in each of 20
// definitions; it prints the 15 slowest and the slowest in each of our own definitions.

let sweeping = CommandLine.arguments.dropFirst().first == "sweep"
let rounds = CommandLine.arguments.dropFirst(sweeping ? 2 : 1).first.flatMap { Int($0) } ?? (sweeping ? 3 : 11)
guard rounds > 0 else { fatalError("rounds must be a positive number") }
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../..").standardizedFileURL
let ourDefinitions = root.appendingPathComponent("Sources/CodeHighlighting/Languages").path
let debianDefinitions = "/usr/share/source-highlight"

struct Workload {
    let name: String
    let language: SourceLanguage
    let text: String
    var lineCount: Int { text.split(separator: "\n", omittingEmptySubsequences: false).count - (text.hasSuffix("\n") ? 1 : 0) }
}

/// The first `count` lines of the files under `folders` (relative to the repository) whose names
/// end in `suffix`, in path order, repeated when they are fewer.
func lines(of suffix: String, under folders: [String], count: Int = 10_000) -> String {
    var files: [String] = []
    for folder in folders {
        let base = root.appendingPathComponent(folder)
        let walker = FileManager.default.enumerator(atPath: base.path)
        while let path = walker?.nextObject() as? String {
            if path.hasSuffix(suffix), !path.contains(".build") { files.append(base.appendingPathComponent(path).path) }
        }
    }
    var all: [Substring] = []
    for path in files.sorted() {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { continue }
        all += text.split(separator: "\n", omittingEmptySubsequences: false)
    }
    precondition(!all.isEmpty, "no \(suffix) files under \(folders)")
    var result: [Substring] = []
    while result.count < count { result += all.prefix(count - result.count) }
    return result.joined(separator: "\n") + "\n"
}

func boostHeaders(count: Int = 10_000) -> String {
    let folder = "/usr/include/boost/regex/v4"
    let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".hpp") }.sorted()
    let all = names.flatMap { (try? String(contentsOfFile: "\(folder)/\($0)", encoding: .utf8))?.split(separator: "\n", omittingEmptySubsequences: false) ?? [] }
    precondition(all.count >= count, "boost::regex's headers are missing (libboost-regex-dev)")
    return all.prefix(count).joined(separator: "\n") + "\n"
}

let realistic: [Workload] = [
    Workload(name: "Swift, this repository's Sources", language: .swift, text: lines(of: ".swift", under: ["Sources"])),
    Workload(name: "C++, boost::regex's headers", language: .cPlusPlus, text: boostHeaders()),
    Workload(name: "Python, this repository's scripts", language: .python, text: lines(of: ".py", under: ["e2e", "reliability", "benchmarks"])),
    Workload(name: "JavaScript, this repository's (repeated)", language: .javaScript, text: lines(of: ".js", under: ["Sources"])),
    Workload(name: "Markdown, this repository's", language: .markdown, text: lines(of: ".md", under: ["."])),
]

/// The worst shapes found (benchmarks/README.md says how): a line of one 1,000-byte identifier,
/// the line cap, on which some definitions' regexes backtrack quadratically; C++'s (Debian's
/// clike_vardeclaration.lang) gives up with boost::regex's complexity error. 100 such lines.
let identifierLines = String(repeating: String(repeating: "x", count: 1_000) + "\n", count: 100)
let worst: [Workload] = [
    Workload(name: "C++, 1,000-byte identifiers", language: .cPlusPlus, text: identifierLines),
    Workload(name: "Java, 1,000-byte identifiers", language: .java, text: identifierLines),
    Workload(name: "Python, 1,000-byte identifiers", language: .python, text: identifierLines),
    Workload(name: "Swift, 1,000-byte identifiers", language: .swift, text: identifierLines),
]

let unbounded = SyntaxHighlighter(limits: HighlightLimits(maximumFileBytes: .max, timeBudget: .seconds(3_600)))
let standard = SyntaxHighlighter()

/// The seconds `work` takes; what it returns goes to `sink`, so that it is not optimised away.
@MainActor func seconds(_ work: () -> Int) -> Double {
    let started = ContinuousClock.now
    sink &+= work()
    let elapsed = ContinuousClock.now - started
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}

var sink = 0
@MainActor func ours(_ workload: Workload, html: Bool) -> Double {
    seconds {
        let file = try! unbounded.highlightBlocking(workload.text, language: workload.language)
        return html ? file.lines.reduce(0) { $0 + $1.html.utf8.count } : file.lines.count
    }
}

@MainActor func plain(_ workload: Workload) -> Double {
    seconds {
        let file = try! unbounded.highlightBlocking(workload.text, language: nil)
        return file.lines.reduce(0) { $0 + $1.html.utf8.count }
    }
}

func libraryLoop(_ workload: Workload) -> Double {
    let directory = workload.language.isBundled ? ourDefinitions : debianDefinitions
    return workload.text.withCString { shr_library_loop_seconds(directory, workload.language.definition, $0, strlen($0)) }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
func ms(_ value: Double) -> String { String(format: "%.1f", value * 1_000) }
func perSecond(_ lines: Int, _ value: Double) -> String {
    let number = NumberFormatter()
    number.numberStyle = .decimal
    number.maximumFractionDigits = 0
    return number.string(from: NSNumber(value: Double(lines) / value)) ?? "?"
}

if sweeping {
    sweep()
    exit(0)
}

// Warm up: every definition loads once (it stays loaded for the process).
for workload in realistic + worst { _ = ours(workload, html: false) }

@MainActor func measure(_ workloads: [Workload]) -> [[String: [Double]]] {
    var times = Array(repeating: [String: [Double]](), count: workloads.count)
    for _ in 0..<rounds {
        for (index, workload) in workloads.enumerated() {
            times[index]["ours", default: []].append(ours(workload, html: false))
            times[index]["ours+html", default: []].append(ours(workload, html: true))
            times[index]["plain", default: []].append(plain(workload))
            times[index]["library", default: []].append(libraryLoop(workload))
        }
    }
    return times
}

print("Highlighter, \(rounds) rounds, median ms (load average \(String(format: "%.2f", loadAverage())) at the start)")
func loadAverage() -> Double {
    var loads = [Double](repeating: 0, count: 3)
    return getloadavg(&loads, 3) > 0 ? loads[0] : -1
}

print("| workload | lines | ours ms | lines/s | ours + HTML ms | plain + HTML ms | library loop ms | ours / library |")
print("|---|---:|---:|---:|---:|---:|---:|---:|")
for (workload, times) in zip(realistic, measure(realistic)) {
    let (mine, withHTML, floor, library) = (median(times["ours"]!), median(times["ours+html"]!), median(times["plain"]!), median(times["library"]!))
    print("| \(workload.name) (\(workload.language.definition)) | \(workload.lineCount) | \(ms(mine)) | \(perSecond(workload.lineCount, mine)) | \(ms(withHTML)) | \(ms(floor)) | \(ms(library)) | \(String(format: "%.2fx", mine / library)) |")
}

print("\nWorst cases: per line, and the whole 100 lines with the standard limits (250 ms budget)")
print("| workload | ms per line | lines/s | library loop ms per line | standard limits: ms held, lines highlighted, plain |")
print("|---|---:|---:|---:|---|")
for (workload, times) in zip(worst, measure(worst)) {
    let lines = Double(workload.lineCount)
    let mine = median(times["ours"]!)
    var held: [Double] = []
    var file: HighlightedFile?
    for _ in 0..<rounds {
        held.append(seconds {
            file = try! standard.highlightBlocking(workload.text, language: workload.language)
            return file?.lines.count ?? 0
        })
    }
    let done = file?.cutAtLine ?? workload.lineCount
    print("| \(workload.name) (\(workload.language.definition)) | \(String(format: "%.2f", mine * 1_000 / lines)) | \(perSecond(workload.lineCount, mine)) | \(String(format: "%.2f", median(times["library"]!) * 1_000 / lines)) | \(ms(median(held))) ms, \(done) lines, \(file?.plainLineCount ?? 0) failed plain |")
}

// A highlighter per call (source-highlight's are not shared between threads; the parsed
// definitions are): what making one costs, from a one-line file.
let calls = 20_000
var perCall: [Double] = []
for _ in 0..<rounds {
    perCall.append(seconds {
        var count = 0
        for _ in 0..<calls { count += try! unbounded.highlightBlocking("let x = 1", language: .swift).lines.count }
        return count
    })
}
print("\nA one-line Swift file, \(calls) calls: \(String(format: "%.1f", median(perCall) * 1e6 / Double(calls))) µs a call")

// The async API, two lanes (this machine's cores), four files at once: the wall time against the
// four one after another, both through the lanes' queue.
let swiftFile = realistic[0]
let twoLanes = SyntaxHighlighter(limits: HighlightLimits(maximumFileBytes: .max, timeBudget: .seconds(3_600)), lanes: 2)
let oneLane = SyntaxHighlighter(limits: HighlightLimits(maximumFileBytes: .max, timeBudget: .seconds(3_600)), lanes: 1)
func fourAtOnce(_ highlighter: SyntaxHighlighter) async -> Double {
    let started = ContinuousClock.now
    await withTaskGroup(of: Int.self) { group in
        for _ in 0..<4 { group.addTask { (try? await highlighter.highlight(swiftFile.text, language: .swift).lines.count) ?? 0 } }
        for await count in group { precondition(count == swiftFile.lineCount) }
    }
    let elapsed = ContinuousClock.now - started
    return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
}
var parallel: [Double] = []
var serial: [Double] = []
for _ in 0..<rounds {
    parallel.append(await fourAtOnce(twoLanes))
    serial.append(await fourAtOnce(oneLane))
}
print("Four 10,000-line Swift files at once through the async API: \(ms(median(parallel))) ms on 2 lanes, \(ms(median(serial))) ms on 1 (\(String(format: "%.2fx", median(serial) / median(parallel))))")
if sink == 42 { print("") }

@MainActor func sweep() {
    let shapes: [(String, String)] = [
        ("identifier", String(repeating: "x", count: 1_000)), ("words", String(repeating: "ab ", count: 333)),
        ("a-", String(repeating: "a-", count: 500)), ("(", String(repeating: "(", count: 1_000)),
        ("\"\\", String(repeating: "\"\\", count: 500)), ("/a", String(repeating: "/a", count: 500)),
        ("<", String(repeating: "<", count: 1_000)), ("#", String(repeating: "#", count: 1_000)),
        ("1e", String(repeating: "1e", count: 500)), ("a.", String(repeating: "a.", count: 500)),
        ("// a…", "// " + String(repeating: "a", count: 997)), ("// a.", "// " + String(repeating: "a.", count: 498)),
        ("a:", String(repeating: "a:", count: 500)), ("*a", String(repeating: "*a", count: 500)),
        ("_a", String(repeating: "_a", count: 500)), ("[a]", String(repeating: "[a]", count: 333)),
        ("a<b>", String(repeating: "a<b>", count: 250)), ("$", String(repeating: "$", count: 1_000)),
        ("`a", String(repeating: "`a", count: 500)), ("spaces", String(repeating: " ", count: 999) + "x"),
        ("x<yyy", "x<" + String(repeating: "y", count: 998)), ("@a", String(repeating: "@a", count: 500)),
        ("\\", String(repeating: "\\", count: 1_000)), ("'a", String(repeating: "'a", count: 500)),
        ("[", String(repeating: "[", count: 1_000)), ("[a](", String(repeating: "[a](", count: 250)),
        ("*a ", String(repeating: "*a ", count: 333)), ("a ", String(repeating: "a ", count: 500)),
        ("a: \"\\\"", "a: \"" + String(repeating: "\\\"", count: 498)), ("`", String(repeating: "`", count: 1_000)),
        ("#\"", String(repeating: "#\"", count: 500)), ("`${", String(repeating: "`${", count: 333)),
        ("@", String(repeating: "@", count: 1_000)), ("\"", String(repeating: "\"", count: 1_000)),
        ("1.", String(repeating: "1.", count: 500)), ("0x", String(repeating: "0x", count: 500)),
    ]
    let languages: [SourceLanguage] = [
        .c, .cPlusPlus, .java, .javaScript, .python, .go, .rust, .ruby, .shell, .json, .html, .css, .sql,
        .swift, .kotlin, .typeScript, .objectiveC, .yaml, .markdown, .dockerfile,
    ]
    var results: [(ms: Double, language: SourceLanguage, shape: String, failed: Bool)] = []
    for language in languages {
        for (name, line) in shapes {
            var times: [Double] = []
            var failed = false
            for _ in 0..<rounds {
                times.append(seconds {
                    let file = try! unbounded.highlightBlocking(line, language: language)
                    failed = file.plainLineCount > 0
                    return file.lines.count
                })
            }
            results.append((median(times) * 1_000, language, name, failed))
        }
    }
    results.sort { $0.ms > $1.ms }
    print("Sweep: \(shapes.count) shapes of 1,000 bytes x \(languages.count) definitions, median of \(rounds) (load average \(String(format: "%.2f", loadAverage())) at the end)")
    print("| definition | shape | ms | the library gave up |")
    print("|---|---|---:|---|")
    let ours = results.filter { $0.language.isBundled }
    let oursWorst = languages.filter(\.isBundled).compactMap { language in ours.first { $0.language == language } }
    for result in results.prefix(15) + oursWorst {
        print("| \(result.language.definition) | `\(result.shape)` | \(String(format: "%.2f", result.ms)) | \(result.failed ? "yes" : "") |")
    }
}
