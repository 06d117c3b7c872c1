// swift-tools-version:6.1
import PackageDescription

// AppDeck: portable app cores + one Hummingbird server that presents them (see ../shared/DESIGN.md).
// Arrows point down only: executables → composition root (`Web`) → <App>Web targets → WebShell and
// the app's core. An app's web target never imports another app's web target or a concrete store.
let hummingbird = Target.Dependency.product(name: "Hummingbird", package: "hummingbird")
let hummingbirdTesting = Target.Dependency.product(name: "HummingbirdTesting", package: "hummingbird")
let httpTypes = Target.Dependency.product(name: "HTTPTypes", package: "swift-http-types")

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
        // For the reminder scheduler's benchmark (issue 38): both stores, the scheduler, Web Push.
        .library(name: "PostgresStorage", targets: ["PostgresStorage"]),
        .library(name: "HabitReminders", targets: ["HabitReminders"]),
        .library(name: "WebPush", targets: ["WebPush"]),
        .library(name: "WebShell", targets: ["WebShell"]),
        .library(name: "CarsWeb", targets: ["CarsWeb"]),
        .library(name: "Stories", targets: ["Stories"]),
        .library(name: "SafeMarkdown", targets: ["SafeMarkdown"]),
        // For the README benchmark's reference: cmark-gfm's own renderer, in the same process.
        .library(name: "CMarkGFM", targets: ["CMarkGFM"]),
        // For the highlighter's benchmark (issue 49).
        .library(name: "CodeHighlighting", targets: ["CodeHighlighting"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift.git", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "3.12.3"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.3"),
        .package(url: "https://github.com/apple/swift-nio-extras.git", from: "1.35.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-metrics.git", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
        .package(url: "https://github.com/vapor/postgres-nio.git", from: "1.33.2"),
        .package(url: "https://github.com/adam-fowler/compress-nio.git", from: "1.5.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),  // Loop Habit Tracker's ZIP (issue 36)
    ],
    targets: [
        // Cores: Foundation and small pure libraries only. An app's strings (en/ru/pl) are in its
        // core's `Catalogues` folder (the thread-safe array's, whose core is a pure library, in its
        // web target's).
        .target(name: "Localization", resources: [.copy("Catalogues")]),
        // What every store shares, whatever its backend: the owner limits, a store that cannot
        // answer now, a request's deadline, and the sections of an owner's backup.
        .target(name: "Persistence"),
        // Bytes as text, written once for every layer: hexadecimal and base64url.
        .target(name: "ByteEncoding"),
        .target(name: "Devices", dependencies: ["Persistence", "ByteEncoding"]),
        .target(name: "Cars", dependencies: ["Localization", "Devices", "Persistence"], resources: [.copy("Catalogues")]),
        .target(name: "ThreadSafeArray"),
        .target(
            name: "Habits",
            dependencies: ["Localization", "ColorContrast", "ByteEncoding", "Devices", "Persistence", .product(name: "ZIPFoundation", package: "ZIPFoundation")],
            resources: [.copy("Catalogues")]),
        .target(name: "Layouts", dependencies: ["Localization"], resources: [.copy("Catalogues")]),
        // The deck's backup file (issue 36): its versioned format, strict reading, the export and
        // restore rules over every app's sections (the composition root supplies the apps).
        .target(name: "Backup", dependencies: ["Localization", "Devices", "Persistence"], resources: [.copy("Catalogues")]),
        .target(name: "SplitView", dependencies: ["Localization"], resources: [.copy("Catalogues")]),
        .target(name: "Upstream"),
        // What the image and README caches share: a cost-bounded LRU with O(1) operations, request
        // coalescing, the image disk cache and the header reader (Photos' thumbnails, GitHub's
        // README images and rendered READMEs).
        .target(name: "Caching", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // WCAG contrast: Habits' names, Stories' colour names, GitHub's labels, Photos' placeholders.
        .target(name: "ColorContrast", dependencies: ["ByteEncoding"]),
        .target(name: "Photos", dependencies: ["Caching", "ColorContrast", "ByteEncoding", "Upstream", "Localization", "Persistence"], resources: [.copy("Catalogues")]),
        .target(name: "GitHub", dependencies: ["Caching", "ColorContrast", "Upstream", "Localization"], resources: [.copy("Catalogues")]),
        // Stories & Gallery: the settings model in C (SG-7 asks for Objective-C, which has no
        // runtime on Linux), the path engine, drawings and timeline in Swift.
        .target(name: "StoriesSettings"),
        .target(name: "Stories", dependencies: ["StoriesSettings", "ColorContrast", "Localization", "Persistence"], resources: [.copy("Content"), .copy("Catalogues")]),
        // GitHub's Markdown renderer, cmark-gfm, as Debian ships it (scripts/test.sh and run.sh install it).
        .systemLibrary(
            name: "CMarkGFM", pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]),
        // READMEs as HTML that is safe in our pages: cmark-gfm parses, our writer walks its tree,
        // only raw HTML goes through the allow-list sanitizer.
        .target(name: "SafeMarkdown", dependencies: ["CMarkGFM"]),
        // QR codes (issue 50: the link a second browser opens), libqrencode as Debian ships it
        // (scripts/install-c-libraries.sh installs it), drawn as SVG by the page.
        .systemLibrary(name: "CQREncode", pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        // libdeflate (Debian's libdeflate-dev): gzips each answer whole, in a third of zlib's time
        // at level 1 and smaller (issue 47; benchmarks/README.md, "Speed won back, fourth part").
        .systemLibrary(name: "CLibdeflate", pkgConfig: "libdeflate", providers: [.apt(["libdeflate-dev"])]),
        .target(name: "QRCode", dependencies: ["CQREncode"]),
        // Syntax highlighting on the server (issue 49): GNU Source-highlight as Debian ships it
        // (libsource-highlight-dev, which scripts/install-c-libraries.sh installs) behind a C
        // interface of our own, so Swift never sees C++; then the Swift API over it, with the
        // language definitions Debian's 3.1.9 lacks.
        .target(
            name: "CSourceHighlight",
            linkerSettings: [.linkedLibrary("source-highlight"), .linkedLibrary("boost_regex"), .linkedLibrary("stdc++")]),
        .target(name: "CodeHighlighting", dependencies: ["CSourceHighlight"], resources: [.copy("Languages")]),

        // Secrets at rest (the GitHub token): AES-GCM under a key file, for every store backend.
        .target(name: "SecretSealing", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
        // Storage: GRDB stores implementing the cores' protocols, one folder per app (its store and
        // its migrations); the deck's registry says which apps a database holds.
        .target(name: "Storage", dependencies: [
            "ByteEncoding", "Devices", "Persistence", "Cars", "Habits", "Photos", "GitHub", "Stories", "SecretSealing",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // The same stores on PostgreSQL (issue 26), with migrations of their own. Apart from
        // Storage, so that the `cars` console program never links postgres-nio.
        .target(name: "PostgresStorage", dependencies: [
            "Devices", "Persistence", "Cars", "Habits", "Photos", "GitHub", "Stories", "SecretSealing",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),  // the pool's gauges
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),

        // Console faces.
        .target(name: "CarsConsole", dependencies: ["Cars", "Localization", "Devices"]),
        .executableTarget(name: "CarsCLI", dependencies: [
            "CarsConsole", "Cars", "Devices", "Storage", "Localization",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
        ]),
        .executableTarget(name: "ThreadSafeArrayDemo", dependencies: ["ThreadSafeArray"]),

        // Live clients of third-party services, behind the cores' protocols: the shared upstream
        // layer (AsyncHTTPClient, timeouts, the closed set of failures), then one target per service.
        .target(name: "UpstreamHTTP", dependencies: [
            "Upstream",
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),  // upstream fetches by host and outcome
        ]),
        .target(name: "PhotosLive", dependencies: [
            "Photos", "Caching", "Upstream", "UpstreamHTTP",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .target(name: "GitHubLive", dependencies: [
            "GitHub", "ByteEncoding", "Caching", "Upstream", "UpstreamHTTP",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // Web Push (issue 38): RFC 8291 message encryption, RFC 8292 VAPID, RFC 8030 delivery to a
        // browser's push service; the VAPID key pair lives in the key folder beside the other keys.
        .target(name: "WebPush", dependencies: [
            "ByteEncoding", "Upstream",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),

        // MyHabits' reminders (issue 38): the scheduler that claims due reminders and sends them
        // through Web Push; a service of the server's group.
        .target(name: "HabitReminders", dependencies: [
            "Habits", "WebPush",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),

        // The web shell every app's face is built on: context, middleware, the HTML builder,
        // components, assets, CSRF, forms, manifests, the shared CSS and JS.
        .target(
            name: "WebShell",
            dependencies: [
                "ByteEncoding", "Devices", "Persistence", "Localization", "QRCode", "CLibdeflate", hummingbird,
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "CompressNIO", package: "compress-nio"),  // gzip (issue 34)
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            resources: [.copy("Resources")]),

        // One web target per app: its routes, views and resources, over its core's protocols.
        .target(name: "HomeWeb", dependencies: ["WebShell", "Localization", hummingbird]),
        .target(name: "CarsWeb", dependencies: ["Cars", "WebShell", "Devices", "Localization", hummingbird], resources: [.copy("Resources")]),
        .target(name: "HabitsWeb", dependencies: ["Habits", "WebShell", "Devices", "Localization", hummingbird], resources: [.copy("Resources")]),
        .target(name: "LayoutsWeb", dependencies: ["Layouts", "WebShell", "Localization", hummingbird], resources: [.copy("Resources")]),
        .target(name: "SplitViewWeb", dependencies: ["SplitView", "WebShell", "Localization", hummingbird], resources: [.copy("Resources")]),
        .target(name: "PhotosWeb", dependencies: ["Photos", "Upstream", "WebShell", "Devices", "Localization", hummingbird], resources: [.copy("Resources")]),
        .target(
            name: "GitHubWeb",
            dependencies: [
                "GitHub", "ByteEncoding", "ColorContrast", "SafeMarkdown", "CodeHighlighting", "Caching", "Upstream", "WebShell", "Devices", "Localization", hummingbird,
                .product(name: "Crypto", package: "swift-crypto"),
            ],
            resources: [.copy("Resources")]),
        .target(name: "ThreadSafeArrayWeb", dependencies: ["ThreadSafeArray", "WebShell", "Localization", hummingbird], resources: [.copy("Resources"), .copy("Catalogues")]),
        .target(name: "StoriesWeb", dependencies: ["Stories", "WebShell", "Devices", "Localization", hummingbird], resources: [.copy("Resources")]),
        // "Export everything" and "Restore from a backup" (issue 36): no tile, the deck's data as a whole.
        .target(name: "BackupWeb", dependencies: ["Backup", "WebShell", "Devices", "Localization", hummingbird]),

        // The HTTP/1 channel: limits on slow clients, HTTP/1.0 keep-alive, stalled bodies at shutdown.
        .target(name: "HTTPConnections", dependencies: [
            .product(name: "HummingbirdCore", package: "hummingbird"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "NIOHTTPTypes", package: "swift-nio-extras"),
            .product(name: "NIOHTTPTypesHTTP1", package: "swift-nio-extras"),
        ]),

        // The composition root: the list of apps and each app's entry (how it is built, where its
        // data lives on each backend: the store registry), the live clients, `buildApplication`.
        .target(name: "CompositionRoot", dependencies: [
            "WebShell", "HomeWeb", "CarsWeb", "HabitsWeb", "LayoutsWeb", "SplitViewWeb", "ThreadSafeArrayWeb", "PhotosWeb",
            "GitHubWeb", "CodeHighlighting", "StoriesWeb", "Backup", "BackupWeb", "Storage", "PostgresStorage", "SecretSealing", "Devices", "Persistence", "Cars", "Habits", "Photos", "Stories", "PhotosLive", "GitHub", "GitHubLive",
            "HTTPConnections", "WebPush", "HabitReminders", hummingbird,
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),
        .executableTarget(name: "AppDeck", dependencies: [
            "CompositionRoot", "WebShell", "Storage", "SecretSealing", "PostgresStorage", "HTTPConnections", "PhotosLive", "GitHubLive", "WebPush",
            .product(name: "ArgumentParser", package: "swift-argument-parser"),
            .product(name: "Crypto", package: "swift-crypto"),  // keys init
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
        ]),

        // Tests: one swift-testing suite per module.
        // One double per core protocol (stores, upstream services), for the cores' suites and the
        // router suites alike.
        .target(
            name: "TestDoubles", dependencies: ["Caching", "Devices", "Persistence", "Cars", "Habits", "Photos", "GitHub", "Stories", "Upstream"],
            path: "Tests/TestDoubles"),
        .testTarget(name: "LocalizationTests", dependencies: ["Localization"]),
        .testTarget(name: "CarsTests", dependencies: ["Cars", "Localization", "TestDoubles"]),
        .testTarget(name: "CarsConsoleTests", dependencies: ["CarsConsole", "Cars", "Devices", "Storage", "Localization"]),
        .testTarget(name: "ThreadSafeArrayTests", dependencies: ["ThreadSafeArray"]),
        .testTarget(name: "HabitsTests", dependencies: [
            "Habits", "Localization", "TestDoubles", .product(name: "ZIPFoundation", package: "ZIPFoundation"),  // writes the imports' ZIPs
        ], resources: [.copy("Import/LoopTestAssets")]),
        .testTarget(name: "LayoutsTests", dependencies: ["Layouts", "Localization"]),
        .testTarget(name: "SplitViewTests", dependencies: ["SplitView", "Localization"]),
        .testTarget(name: "StorageTests", dependencies: [
            "Storage", "CompositionRoot", "SecretSealing", "Devices", "Habits", "Persistence",
            .product(name: "GRDB", package: "GRDB.swift"),
        ]),
        // A throwaway database per test on the PostgreSQL server scripts/test.sh starts.
        .target(
            name: "PostgresTestSupport",
            dependencies: [
                "PostgresStorage", "CompositionRoot", "Devices", "Persistence",
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/PostgresTestSupport"),
        .testTarget(name: "PostgresStorageTests", dependencies: [
            "PostgresStorage", "PostgresTestSupport", "CompositionRoot", "SecretSealing", "Devices",
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ]),
        // One contract suite per store protocol, each test run on SQLite and on PostgreSQL alike.
        .testTarget(name: "StoreContractTests", dependencies: [
            "Storage", "PostgresStorage", "PostgresTestSupport", "SecretSealing", "CompositionRoot",
            "Devices", "Persistence", "Cars", "Habits", "Photos", "GitHub", "Stories",
            .product(name: "GRDB", package: "GRDB.swift"),  // raw SQL, as someone holding the file could
            .product(name: "PostgresNIO", package: "postgres-nio"),
            .product(name: "Logging", package: "swift-log"),
        ], resources: [.copy("Fixtures")]),  // databases made by an older AppDeck, dumped as text
        // The shared layers' own suites: the caches, the breaker and shares, the HTTP client.
        .testTarget(name: "CachingTests", dependencies: ["Caching", "TestDoubles"]),
        .testTarget(name: "UpstreamTests", dependencies: ["Upstream", "TestDoubles"]),
        .testTarget(name: "PhotosTests", dependencies: ["Photos", "Caching", "Upstream", "Localization", "TestDoubles"]),
        // What the live clients' suites share: a loopback server for their stand-ins (jsonplaceholder's
        // also answers the shared upstream layer's suite), a quiet logger, a log capture.
        .target(
            name: "LoopbackSupport",
            dependencies: [
                "UpstreamHTTP", "TestDoubles", hummingbird, httpTypes,
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            path: "Tests/LoopbackSupport"),
        // A loopback push service speaking Web Push's wire format (VAPID checked, bodies decrypted
        // with the subscriber's keys), and the browser side of a subscription, for any suite that sends.
        .target(
            name: "PushServiceStandIn",
            dependencies: [
                "WebPush", "ByteEncoding", "LoopbackSupport", hummingbird, httpTypes,
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
            ],
            path: "Tests/PushServiceStandIn"),
        .testTarget(name: "WebPushTests", dependencies: [
            "WebPush", "ByteEncoding", "PushServiceStandIn",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "AsyncHTTPClient", package: "async-http-client"),  // requests the sender would never make
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        // The reminder scheduler against the loopback push service, on SQLite and PostgreSQL.
        .testTarget(name: "HabitRemindersTests", dependencies: [
            "HabitReminders", "Habits", "WebPush", "PushServiceStandIn", "Storage", "PostgresStorage", "PostgresTestSupport",
            "CompositionRoot", "Devices",
            .product(name: "Logging", package: "swift-log"),
        ]),
        .testTarget(name: "UpstreamHTTPTests", dependencies: [
            "UpstreamHTTP", "Upstream", "LoopbackSupport", hummingbird,
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOPosix", package: "swift-nio"),
        ]),
        .testTarget(name: "PhotosLiveTests", dependencies: ["PhotosLive", "Photos", "Upstream", "UpstreamHTTP", "LoopbackSupport", "TestDoubles"]),
        .testTarget(name: "GitHubTests", dependencies: ["GitHub", "ColorContrast", "Caching", "Upstream", "Localization", "TestDoubles"]),
        .testTarget(name: "SafeMarkdownTests", dependencies: ["SafeMarkdown"], resources: [.copy("Fixtures")]),
        .testTarget(name: "QRCodeTests", dependencies: ["QRCode"]),
        .testTarget(name: "CodeHighlightingTests", dependencies: ["CodeHighlighting"]),
        .testTarget(name: "StoriesSettingsTests", dependencies: ["StoriesSettings"]),
        .testTarget(name: "StoriesTests", dependencies: ["Stories", "TestDoubles"], exclude: ["Fixtures"]),
        .testTarget(name: "GitHubLiveTests", dependencies: [
            "GitHubLive", "Caching", "GitHub", "UpstreamHTTP", "Upstream", "LoopbackSupport", "TestDoubles", hummingbird,
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
        ]),
        .testTarget(name: "HTTPConnectionsTests", dependencies: [
            "HTTPConnections",
            .product(name: "Logging", package: "swift-log"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOEmbedded", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
        ]),
        .testTarget(
            name: "WebShellTests",
            dependencies: [
                "WebShell", "Localization", "Devices", "TestDoubles",
                .product(name: "CompressNIO", package: "compress-nio"),  // the memo's gzipped pages read back
            ]),
        .testTarget(name: "DevicesTests", dependencies: ["Devices"]),
        .testTarget(name: "ByteEncodingTests", dependencies: ["ByteEncoding"]),
        // The router harness: `TestDeck` (the deck on a fresh data directory, its apps on SQLite or on
        // the doubles) and `Browser` (a device's cookie and CSRF token), driven by HummingbirdTesting.
        .target(
            name: "DeckTestSupport",
            dependencies: [
                "TestDoubles", "Devices", "Persistence", "CompositionRoot", "WebShell", "Storage", "PostgresStorage", "PostgresTestSupport", "Photos",
                "GitHub", "Upstream", "CarsWeb", "HabitsWeb", "PhotosWeb", "GitHubWeb", "StoriesWeb", hummingbird, hummingbirdTesting, httpTypes,
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/DeckTestSupport"),
        // Each app's route suite, beside its web target: the deck driven through the app's routes.
        .testTarget(name: "CarsWebTests", dependencies: ["DeckTestSupport", "Devices", hummingbirdTesting, httpTypes]),
        .testTarget(name: "HabitsWebTests", dependencies: [
            "DeckTestSupport", "TestDoubles", "Habits", "HabitsWeb", "WebShell", "Devices", hummingbird, hummingbirdTesting, httpTypes,
            .product(name: "Logging", package: "swift-log"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),  // Loop's export, written by the test
        ]),
        .testTarget(name: "LayoutsWebTests", dependencies: ["DeckTestSupport", hummingbirdTesting, httpTypes]),
        .testTarget(name: "SplitViewWebTests", dependencies: ["DeckTestSupport", hummingbirdTesting, httpTypes]),
        .testTarget(name: "ThreadSafeArrayWebTests", dependencies: ["DeckTestSupport", hummingbirdTesting, httpTypes]),
        .testTarget(name: "PhotosWebTests", dependencies: ["DeckTestSupport", "Upstream", hummingbird, hummingbirdTesting, httpTypes]),
        .testTarget(name: "GitHubWebTests", dependencies: [
            "GitHubWeb", "SafeMarkdown", "CodeHighlighting", "DeckTestSupport", "TestDoubles", "GitHub", "Caching", "Upstream", "Localization", "WebShell",
            hummingbird, hummingbirdTesting, httpTypes,
        ]),
        .testTarget(name: "BackupTests", dependencies: ["Backup", "Persistence", "Devices", "Localization", "Habits", "Cars", "Photos", "Stories"]),
        .testTarget(name: "BackupWebTests", dependencies: [
            "DeckTestSupport", "TestDoubles", "Backup", "BackupWeb", "Habits", "WebShell", hummingbird, hummingbirdTesting, httpTypes,
        ]),
        .testTarget(name: "StoriesWebTests", dependencies: ["DeckTestSupport", "Stories", hummingbird, hummingbirdTesting, httpTypes]),
        // The composition root's suites: the shell, the deck's list, hardening, every route's extremes.
        .testTarget(name: "CompositionRootTests", dependencies: [
            "DeckTestSupport", "TestDoubles", "CompositionRoot", "WebShell", "Storage", "Devices", "Localization", "Cars", "CarsWeb",
            "GitHubWeb", "GitHub", "PostgresStorage", "PostgresTestSupport", "WebPush", "ByteEncoding", "QRCode",
            hummingbird, hummingbirdTesting, httpTypes,
            .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            .product(name: "Logging", package: "swift-log"),
            .product(name: "Metrics", package: "swift-metrics"),
            .product(name: "Prometheus", package: "swift-prometheus"),
            .product(name: "Crypto", package: "swift-crypto"),  // cookies signed as an older server did
            .product(name: "CompressNIO", package: "compress-nio"),  // reading gzipped answers
        ]),
    ]
)
