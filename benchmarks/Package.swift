// swift-tools-version:6.1
import PackageDescription

// Micro benchmarks for AppDeck, kept out of the root package so `swift build` and `swift test`
// there never compile them. Run from the repository root:
//   swift run -c release --package-path benchmarks thread-safe-array-benchmark
let package = Package(
    name: "AppDeckBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "thread-safe-array-benchmark", targets: ["ThreadSafeArrayBenchmark"]),
    ],
    dependencies: [
        .package(name: "AppDeck", path: ".."),
    ],
    targets: [
        .executableTarget(
            name: "ThreadSafeArrayBenchmark",
            dependencies: [.product(name: "ThreadSafeArray", package: "AppDeck")]
        ),
    ]
)
