// swift-tools-version: 6.2
import PackageDescription

let package = Package(
    name: "toolbox",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "toolbox", targets: ["toolbox"]),
        // Kiwi's server program: `toolbox kiwi serve`, `migrate` and `approve` run it, installed beside toolbox.
        .executable(name: "toolbox-kiwi-server", targets: ["toolbox-kiwi-server"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0", traits: ["YAML"]),
        .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        .package(url: "https://github.com/swift-server/async-http-client", from: "1.37.0"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/hummingbird-project/hummingbird-auth", from: "2.5.0"),
        .package(url: "https://github.com/vapor/multipart-kit", from: "4.7.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        .package(url: "https://github.com/swift-server/swift-prometheus", from: "2.4.1"),
        .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
    ],
    targets: [
        // MARK: toolbox: the program, the contract every plugin builds on, and the plugins

        // The executable: @main and the one list of plugins.
        .executableTarget(
            name: "toolbox",
            dependencies: [
                "PluginAPI", "Movies", "Trailers", "Surf", "Kiwi",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            linkerSettings: [
                // Start-up: a position-dependent executable skips ~120,000 relocations at
                // every launch, and lazy binding skips resolving symbols it never calls.
                // No dynamic export: the static stdlib's link flags export every public symbol
                // of every module (56,000), which the loader and the runtime's dladdr at
                // start-up then search; nothing looks toolbox's symbols up dynamically.
                .unsafeFlags(
                    ["-Xlinker", "-no-pie", "-Xlinker", "-z", "-Xlinker", "lazy", "-Xlinker", "--no-export-dynamic"],
                    .when(platforms: [.linux], configuration: .release)
                )
            ]
        ),
        // The plugin contract and the shared services: configuration, HTTP, cache, output, errors.
        .target(
            name: "PluginAPI",
            dependencies: [
                "CTerminalImage",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "Yams", package: "Yams"),
                .product(name: "SystemPackage", package: "swift-system"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                // The connection errors AsyncHTTPClient passes through, to tell offline from a hiccup.
                .product(name: "NIOPosix", package: "swift-nio"),
                // Its TLS settings: the authorities `SSL_CERT_FILE` names (`TrustedAuthorities`).
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
            ]
        ),
        // Terminal pictures: libchafa and gdk-pixbuf, opened with dlopen when a picture is drawn.
        .target(
            name: "CTerminalImage",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // TMDB's client, shared by Movies and Trailers (not a plugin).
        .target(name: "TMDB", dependencies: ["PluginAPI"], path: "Plugins/TMDB"),
        .target(
            name: "Movies",
            dependencies: ["PluginAPI", "TMDB", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Movies"
        ),
        .target(
            name: "Trailers",
            dependencies: ["PluginAPI", "TMDB", .product(name: "ArgumentParser", package: "swift-argument-parser")],
            path: "Plugins/Trailers"
        ),
        .target(
            name: "Surf",
            dependencies: [
                "PluginAPI",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Plugins/Surf"
        ),
        // Kiwi's client: its commands, a typed client over KiwiWire, the outbox; the server's commands
        // are parsed here and run in toolbox-kiwi-server.
        .target(
            name: "Kiwi",
            dependencies: [
                "PluginAPI", "KiwiWire", "KiwiServerSettings", "KiwiServerCommands",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Plugins/Kiwi"
        ),

        // MARK: Kiwi's wire: what both ends speak

        // The JSON types, the OpenAPI document and the rules both ends share; of the project,
        // PluginAPI only, for `Nullable`, the wrapper every JSON shape of the project writes `null` with.
        .target(name: "KiwiWire", dependencies: ["PluginAPI"], resources: [.embedInCode("openapi.json")]),

        // MARK: Kiwi's server: a room of its own

        // The server's vocabulary, which both programs need: what `kiwi serve` is told (AppArguments),
        // the database it opens, its rate limits, registrations and trusted address ranges, and the
        // configuration keys it reads.
        .target(
            name: "KiwiServerSettings",
            dependencies: ["PluginAPI", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // serve, migrate and approve with their options, the parsed command being the application's
        // arguments (AppArguments); light enough for toolbox to show their help and check them. The
        // server's program runs them as the plugin `KiwiServerPlugin`, without the client.
        .target(
            name: "KiwiServerCommands",
            dependencies: ["PluginAPI", "KiwiServerSettings", .product(name: "ArgumentParser", package: "swift-argument-parser")]
        ),
        // The server: the only target linking Hummingbird, GRDB, PostgresNIO, bcrypt, Mustache and Prometheus.
        .target(
            name: "KiwiServer",
            dependencies: [
                "PluginAPI", "KiwiWire", "KiwiServerSettings", "KiwiMedia",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HummingbirdBcrypt", package: "hummingbird-auth"),
                .product(name: "MultipartKit", package: "multipart-kit"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "Metrics", package: "swift-metrics"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "Mustache", package: "swift-mustache"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                // RSA, for the keys that sign ActivityPub requests.
                .product(name: "_CryptoExtras", package: "swift-crypto"),
                // Requests to other servers of the fediverse, each pinned to the public address it was checked at.
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            // The web pages' templates and stylesheet, compiled in: one binary serves them with nothing beside it.
            resources: [.embedInCode("Web/Templates"), .embedInCode("Web/Static")]
        ),
        // Photos and their versions: processing (libvips behind one C shim), the worker pool, where
        // they are kept (folders, or an S3-compatible bucket through its own Signature V4 signer),
        // signed URLs and ranges; the only target linking libvips.
        .target(
            name: "KiwiMedia",
            dependencies: [
                "CPhoto", "PluginAPI", "KiwiWire",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            exclude: ["CPhoto", "CVips"]
        ),
        .target(name: "CPhoto", dependencies: ["CVips"], path: "Sources/KiwiMedia/CPhoto"),
        // libvips from the system (Debian libvips-dev).
        .systemLibrary(name: "CVips", path: "Sources/KiwiMedia/CVips", pkgConfig: "vips", providers: [.apt(["libvips-dev"])]),
        // The server's program, which `toolbox kiwi serve`, `migrate` and `approve` become.
        .executableTarget(
            name: "toolbox-kiwi-server",
            dependencies: [
                "PluginAPI", "KiwiWire", "KiwiServerSettings", "KiwiServerCommands", "KiwiServer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),

        // MARK: tests: one target per plugin, PluginAPI's, the server's (KiwiServerTests, which also
        // tests KiwiMedia and the server's settings), and end-to-end tests of both programs. TMDB, the
        // library both TMDB plugins share, is tested in MoviesTests and TrailersTests (which import it);
        // KiwiWire by the client's and the server's tests and the contract suite, which speak it, and
        // held to its OpenAPI document by KiwiWireDocumentTests (in KiwiServerTests, whose encoder it uses).

        .target(
            name: "TestSupport",
            dependencies: [
                "PluginAPI",
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(
            name: "PluginAPITests",
            dependencies: ["PluginAPI", "TestSupport", .product(name: "NIOCore", package: "swift-nio")],
            exclude: ["Fixtures", "Snapshots"]
        ),
        .testTarget(name: "MoviesTests", dependencies: ["Movies", "TMDB", "PluginAPI", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "TrailersTests", dependencies: ["Trailers", "TMDB", "PluginAPI", "TestSupport"], exclude: ["Fixtures"]),
        .testTarget(name: "SurfTests", dependencies: ["Surf", "PluginAPI", "TestSupport"], exclude: ["Fixtures", "Snapshots"]),
        // The client, against stub servers and the real server's program.
        .testTarget(name: "KiwiTests", dependencies: ["Kiwi", "KiwiWire", "PluginAPI", "TestSupport", "toolbox", "toolbox-kiwi-server"]),
        .testTarget(
            name: "KiwiServerTests",
            dependencies: [
                "KiwiServer", "KiwiServerSettings", "KiwiServerCommands", "KiwiMedia", "KiwiWire", "PluginAPI", "TestSupport", "toolbox",
                "toolbox-kiwi-server",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "_CryptoExtras", package: "swift-crypto"),
            ],
            exclude: ["Fixtures"]
        ),
        .testTarget(
            name: "ToolboxTests",
            dependencies: [
                "PluginAPI", "TestSupport", "toolbox", "toolbox-kiwi-server", .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            exclude: ["Snapshots"]
        ),
    ]
)
