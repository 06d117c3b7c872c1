// swift-tools-version:6.1
import PackageDescription

// Micro benchmarks for AppDeck, kept out of the root package so `swift build` and `swift test`
// there never compile them. Run from the repository root:
//   swift run -c release --package-path benchmarks thread-safe-array-benchmark
//   swift run -c release --package-path benchmarks page-render-benchmark
//   swift run -c release --package-path benchmarks stories-path-benchmark
//   swift run -c release --package-path benchmarks readme-render-benchmark
//   swift run -c release --package-path benchmarks reminder-scheduler-benchmark [--habits N] [--postgres URL]
//   bash benchmarks/highlight.sh [rounds]   (highlight-benchmark)
let package = Package(
    name: "AppDeckBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "thread-safe-array-benchmark", targets: ["ThreadSafeArrayBenchmark"]),
        .executable(name: "page-render-benchmark", targets: ["PageRenderBenchmark"]),
        .executable(name: "stories-path-benchmark", targets: ["StoriesPathBenchmark"]),
        .executable(name: "readme-render-benchmark", targets: ["ReadmeRenderBenchmark"]),
        .executable(name: "reminder-scheduler-benchmark", targets: ["ReminderSchedulerBenchmark"]),
        .executable(name: "highlight-benchmark", targets: ["HighlightBenchmark"]),
    ],
    dependencies: [
        .package(name: "AppDeck", path: ".."),
        // Already in AppDeck's graph: the reminder benchmark seeds and explains with them directly.
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
    ],
    targets: [
        // What more than one benchmark needs: a seeded generator for their workloads.
        .target(name: "BenchmarkSupport"),
        .executableTarget(
            name: "ThreadSafeArrayBenchmark",
            dependencies: [.product(name: "ThreadSafeArray", package: "AppDeck")]
        ),
        .executableTarget(
            name: "PageRenderBenchmark",
            dependencies: [
                .product(name: "WebShell", package: "AppDeck"),
                .product(name: "CarsWeb", package: "AppDeck"),
                .product(name: "Cars", package: "AppDeck"),
                .product(name: "Localization", package: "AppDeck"),
            ]
        ),
        .executableTarget(
            name: "StoriesPathBenchmark",
            dependencies: ["BenchmarkSupport", .product(name: "Stories", package: "AppDeck")]
        ),
        .executableTarget(
            name: "ReadmeRenderBenchmark",
            dependencies: [
                .product(name: "SafeMarkdown", package: "AppDeck"),
                .product(name: "CMarkGFM", package: "AppDeck"),
            ]
        ),
        .executableTarget(
            name: "ReminderSchedulerBenchmark",
            dependencies: [
                "BenchmarkSupport",
                .product(name: "HabitReminders", package: "AppDeck"),
                .product(name: "Habits", package: "AppDeck"),
                .product(name: "Storage", package: "AppDeck"),
                .product(name: "PostgresStorage", package: "AppDeck"),
                .product(name: "WebPush", package: "AppDeck"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // The highlighter (issue 49) against GNU Source-highlight's own line loop, a C++ target of
        // the benchmark's own (CSourceHighlight replaces that loop).
        .target(
            name: "SourceHighlightReference",
            linkerSettings: [.linkedLibrary("source-highlight"), .linkedLibrary("boost_regex"), .linkedLibrary("stdc++")]),
        .executableTarget(
            name: "HighlightBenchmark",
            dependencies: ["SourceHighlightReference", .product(name: "CodeHighlighting", package: "AppDeck")]
        ),
    ]
)
