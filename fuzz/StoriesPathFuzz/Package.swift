// swift-tools-version:6.1
import PackageDescription

// A libFuzzer target for the Stories path parser (SG-3), in a package of its own so the fuzzing
// build compiles only the Stories core, not the server. `Sources/Stories`,
// `Sources/StoriesSettings` and `Sources/ColorContrast` are links to the root package's folders:
// one copy of the sources.
// It builds only with the fuzzer flags (see README.md):
//
//   swift build -c release --package-path fuzz/StoriesPathFuzz \
//       -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library
let package = Package(
    name: "StoriesPathFuzz",
    platforms: [.macOS(.v15)],
    targets: [
        .target(name: "StoriesSettings"),
        .target(name: "ColorContrast"),
        .target(name: "Stories", dependencies: ["StoriesSettings", "ColorContrast"], resources: [.copy("Content")]),
        // Supplies the entry point SwiftPM's link expects and starts libFuzzer (see entry.c).
        .target(name: "FuzzEntry"),
        .executableTarget(name: "StoriesPathFuzz", dependencies: ["Stories", "FuzzEntry"]),
    ],
    swiftLanguageModes: [.v6],
    cLanguageStandard: .c11
)
