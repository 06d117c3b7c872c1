// swift-tools-version:6.1
import PackageDescription

// Micro benchmarks for AppDeck, kept out of the root package so `swift build` and `swift test`
// there never compile them. Run from the repository root:
//   swift run -c release --package-path benchmarks thread-safe-array-benchmark
//   swift run -c release --package-path benchmarks page-render-benchmark
//   swift run -c release --package-path benchmarks stories-path-benchmark
//   swift run -c release --package-path benchmarks readme-render-benchmark
let package = Package(
    name: "AppDeckBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "thread-safe-array-benchmark", targets: ["ThreadSafeArrayBenchmark"]),
        .executable(name: "page-render-benchmark", targets: ["PageRenderBenchmark"]),
        .executable(name: "stories-path-benchmark", targets: ["StoriesPathBenchmark"]),
        .executable(name: "readme-render-benchmark", targets: ["ReadmeRenderBenchmark"]),
    ],
    dependencies: [
        .package(name: "AppDeck", path: ".."),
    ],
    targets: [
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
            dependencies: [.product(name: "Stories", package: "AppDeck")]
        ),
        .executableTarget(
            name: "ReadmeRenderBenchmark",
            dependencies: [
                .product(name: "SafeMarkdown", package: "AppDeck"),
                .product(name: "CMarkGFM", package: "AppDeck"),
            ]
        ),
    ]
)
