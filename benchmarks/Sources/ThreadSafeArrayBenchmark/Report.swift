import Foundation

/// One contender's samples in one workload.
struct Row {
    var name: String
    var isSubject: Bool
    var opsPerSecond: [Double]

    var median: Double {
        let sorted = opsPerSecond.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// A Markdown table: median throughput, and how many times slower than the fastest contender.
struct Table {
    var title: String
    var rows: [Row]

    var fastestMedian: Double {
        rows.map(\.median).max() ?? 0
    }

    func render() -> String {
        let fastest = fastestMedian
        var lines = [
            "### \(title)",
            "",
            "| contender | median Mops/s | min–max Mops/s | fastest ÷ this |",
            "|---|---:|---:|---:|",
        ]
        for row in rows.sorted(by: { $0.median > $1.median }) {
            let name = row.isSubject ? "**\(row.name)**" : row.name
            let low = row.opsPerSecond.min() ?? 0
            let high = row.opsPerSecond.max() ?? 0
            lines.append("| \(name) | \(mops(row.median)) | \(mops(low))–\(mops(high)) | \(formatRatio(fastest / row.median)) |")
        }
        return lines.joined(separator: "\n")
    }
}

func mops(_ opsPerSecond: Double) -> String {
    String(format: "%.2f", opsPerSecond / 1e6)
}

func formatRatio(_ ratio: Double) -> String {
    String(format: "%.2fx", ratio)
}
