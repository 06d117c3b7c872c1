// swift-tools-version:6.1
import PackageDescription

// The ThreadSafeArray suite under ThreadSanitizer, in a package of its own so the sanitized build
// compiles only ThreadSafeArray and its tests, not the server's dependencies (Hummingbird, NIO,
// GRDB …), which took about ten minutes of a clean CI run. The test sources are the root
// package's (`Tests/ThreadSafeArrayTests` is a link to them), so there is one suite, run twice:
// plainly by `swift test` at the root, and sanitized from here by `scripts/test.sh`.
let package = Package(
    name: "AppDeckSanitizers",
    platforms: [.macOS(.v15)],
    dependencies: [
        .package(name: "AppDeck", path: ".."),
    ],
    targets: [
        .testTarget(
            name: "ThreadSafeArrayTests",
            dependencies: [.product(name: "ThreadSafeArray", package: "AppDeck")]
        ),
    ]
)
