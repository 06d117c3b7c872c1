// swift-tools-version:6.1
import PackageDescription

// AppDeck: portable app cores + one Hummingbird server that presents them (see ../shared/DESIGN.md).
let package = Package(
    name: "AppDeck",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "appdeck", targets: ["AppDeck"]),
        .executable(name: "cars", targets: ["CarsCLI"]),
        .executable(name: "thread-safe-array-demo", targets: ["ThreadSafeArrayDemo"]),
        .library(name: "Localization", targets: ["Localization"]),
        .library(name: "Cars", targets: ["Cars"]),
        .library(name: "ThreadSafeArray", targets: ["ThreadSafeArray"]),
        .library(name: "Habits", targets: ["Habits"]),
        .library(name: "Layouts", targets: ["Layouts"]),
        .library(name: "SplitView", targets: ["SplitView"]),
        .library(name: "Storage", targets: ["Storage"]),
        .library(name: "Web", targets: ["Web"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache.git", from: "2.1.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
    ],
    targets: [
        // Cores: Foundation and small pure libraries only.
        .target(name: "Localization", resources: [.copy("Catalogues")]),
        .target(name: "Cars", dependencies: ["Localization"]),
        .target(name: "ThreadSafeArray"),
        .target(name: "Habits", dependencies: ["Localization"]),
        .target(name: "Layouts", dependencies: ["Localization"]),
        .target(name: "SplitView"),

        // Storage: GRDB stores implementing the cores' protocols.
        .target(name: "Storage", dependencies: [
            "Cars", "Habits",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),

        // Faces.
        .target(name: "CarsConsole", dependencies: ["Cars", "Localization"]),
        .executableTarget(name: "CarsCLI", dependencies: [
            "CarsConsole", "Cars", "Storage", "Localization",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "ThreadSafeArrayDemo", dependencies: ["ThreadSafeArray"]),
        .target(
            name: "Web",
            dependencies: [
                "Cars", "Habits", "ThreadSafeArray", "Layouts", "SplitView", "Storage", "Localization",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
            ],
            resources: [.copy("Resources")]
        ),
        .executableTarget(name: "AppDeck", dependencies: [
            "Web",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Logging", package: "swift-log"),
        ]),

        // Tests: one swift-testing suite per module.
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "CarsTests", dependencies: ["Cars"]),
        .testTarget(name: "CarsConsoleTests", dependencies: ["CarsConsole", "Cars", "Storage"]),
        .testTarget(name: "ThreadSafeArrayTests", dependencies: ["ThreadSafeArray"]),
        .testTarget(name: "HabitsTests", dependencies: ["Habits", "Localization"]),
        .testTarget(name: "LayoutsTests", dependencies: ["Layouts", "Localization"]),
        .testTarget(name: "SplitViewTests", dependencies: ["SplitView", "Localization"]),
        .testTarget(name: "StorageTests", dependencies: ["Storage", "Cars", "Habits"]),
        .testTarget(name: "WebTests", dependencies: [
            "Web", "Storage", "Cars", "Habits",
            .product(name: "HummingbirdTesting", package: "hummingbird"),
        ]),
    ]
)
