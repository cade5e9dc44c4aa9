// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "Grubmap",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "GrubmapCore", targets: ["GrubmapCore"]),
        .library(name: "GrubmapAPI", targets: ["GrubmapAPI"]),
        .library(name: "GrubmapClient", targets: ["GrubmapClient"]),
        .executable(name: "grubmap", targets: ["grubmap"]),
    ],
    targets: [
        .systemLibrary(name: "CSQLite", pkgConfig: "sqlite3", providers: [.apt(["libsqlite3-dev"])]),
        .systemLibrary(name: "CLibPQ", pkgConfig: "libpq", providers: [.apt(["libpq-dev"])]),
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd", providers: [.apt(["libmicrohttpd-dev"])]),
        .systemLibrary(name: "CSodium", pkgConfig: "libsodium", providers: [.apt(["libsodium-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .systemLibrary(name: "CGnuTLS", pkgConfig: "gnutls", providers: [.apt(["libgnutls28-dev"])]),
        .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        .systemLibrary(name: "CNettle", pkgConfig: "hogweed", providers: [.apt(["nettle-dev"])]),
        .systemLibrary(name: "CXML2", pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        .systemLibrary(name: "CMalloc"),
        .target(name: "GrubmapCore"),
        .target(
            name: "GrubmapCrypto", dependencies: ["CSodium", "CGnuTLS", "CNettle", "GrubmapCore"],
            resources: [.copy("Resources/common-passwords.txt")]
        ),
        .target(
            name: "CImaging", linkerSettings: [.linkedLibrary("png"), .linkedLibrary("jpeg"), .linkedLibrary("webp")]),
        .target(name: "GrubmapImaging", dependencies: ["CImaging", "GrubmapCore"]),
        .target(name: "GrubmapStore", dependencies: ["GrubmapCore"]),
        .target(name: "GrubmapOutbound", dependencies: ["CCurl", "CZlib", "GrubmapCore"]),
        .target(name: "GrubmapAPI", dependencies: ["GrubmapCore"]),
        .target(name: "GrubmapClient", dependencies: ["GrubmapAPI", "GrubmapCore"]),
        .target(
            name: "GrubmapSQL", dependencies: ["GrubmapStore", "GrubmapCore", "GrubmapCrypto", "CSQLite", "CLibPQ"]),
        .target(
            name: "GrubmapImport",
            dependencies: ["CXML2", "GrubmapStore", "GrubmapCore", "GrubmapOutbound"],
            resources: [.copy("Resources/Demo"), .copy("Resources/DemoMenus"), .copy("Resources/DemoBasemaps")]
        ),
        .target(name: "GrubmapHTTP", dependencies: ["CMalloc", "CMicroHTTPD", "CZlib", "GrubmapCore"]),
        .target(
            name: "GrubmapWeb",
            dependencies: [
                "GrubmapAPI", "GrubmapCore", "GrubmapCrypto", "GrubmapImaging", "GrubmapStore", "GrubmapHTTP",
                "GrubmapOutbound",
            ],
            resources: [.copy("Resources/Onboarding"), .copy("Resources/Assets"), .copy("Resources/OpenAPI")]
        ),
        .executableTarget(
            name: "grubmap",
            dependencies: [
                "GrubmapCore", "GrubmapCrypto", "GrubmapStore", "GrubmapSQL", "GrubmapImport", "GrubmapHTTP",
                "GrubmapOutbound", "GrubmapWeb",
            ]),
        .executableTarget(name: "grubmap-bench", dependencies: ["GrubmapCore"]),
        .executableTarget(name: "grubmap-bench-photo", dependencies: ["CImaging", "GrubmapCore", "GrubmapImaging"]),
        .executableTarget(
            name: "grubmap-bench-checkins",
            dependencies: ["CLibPQ", "CMicroHTTPD", "GrubmapCore", "GrubmapHTTP", "GrubmapStore", "GrubmapSQL"]),
        .executableTarget(name: "grubmap-bench-routes", dependencies: ["GrubmapCore"]),
        .executableTarget(name: "grubmap-bench-spatial", dependencies: ["GrubmapCore", "GrubmapStore", "GrubmapSQL"]),
        // libFuzzer harnesses (scripts/fuzz builds them with -sanitize=fuzzer,address); a plain build replays files.
        .target(name: "FuzzSupport", path: "Fuzz/Support"),
        .executableTarget(name: "fuzz-request", dependencies: ["FuzzSupport", "GrubmapHTTP"], path: "Fuzz/Request"),
        .executableTarget(
            name: "fuzz-app",
            dependencies: ["FuzzSupport", "GrubmapCore", "GrubmapHTTP", "GrubmapImport", "GrubmapSQL", "GrubmapWeb"],
            path: "Fuzz/App"),
        .executableTarget(
            name: "fuzz-openmensa", dependencies: ["FuzzSupport", "GrubmapCore", "GrubmapImport"],
            path: "Fuzz/OpenMensa"),
        .executableTarget(name: "fuzz-geojson", dependencies: ["FuzzSupport", "GrubmapCore"], path: "Fuzz/GeoJSON"),
        .executableTarget(
            name: "fuzz-osm", dependencies: ["FuzzSupport", "GrubmapCore", "GrubmapImport"], path: "Fuzz/OSM"),
        .testTarget(name: "GrubmapCoreTests", dependencies: ["GrubmapCore"], exclude: ["Fixtures"]),
        .target(name: "GrubmapTestTiers", path: "Tests/GrubmapTestTiers"),
        .target(
            name: "GrubmapSQLTestSupport", dependencies: ["GrubmapSQL", "GrubmapStore", "GrubmapCore"],
            path: "Tests/GrubmapSQLTestSupport"),
        .testTarget(
            name: "GrubmapSQLTests",
            dependencies: ["GrubmapSQL", "GrubmapSQLTestSupport", "GrubmapStore", "GrubmapCore", "GrubmapTestTiers"]),
        .testTarget(
            name: "GrubmapImportTests",
            dependencies: [
                "GrubmapImport", "GrubmapSQLTestSupport", "GrubmapSQL", "GrubmapStore", "GrubmapCore", "GrubmapHTTP",
                "GrubmapOutbound", "GrubmapTestTiers",
            ]),
        .testTarget(name: "GrubmapCommandTests", dependencies: ["grubmap", "GrubmapCore", "GrubmapHTTP"]),
        .testTarget(name: "GrubmapCryptoTests", dependencies: ["GrubmapCrypto", "GrubmapCore"]),
        .testTarget(name: "GrubmapImagingTests", dependencies: ["GrubmapImaging", "GrubmapCore"]),
        .testTarget(name: "GrubmapHTTPTests", dependencies: ["GrubmapHTTP", "GrubmapCore"]),
        .testTarget(name: "GrubmapOutboundTests", dependencies: ["GrubmapOutbound", "GrubmapHTTP", "GrubmapCore"]),
        .testTarget(
            name: "GrubmapClientTests",
            dependencies: [
                "GrubmapClient", "GrubmapAPI", "GrubmapCore", "GrubmapWeb", "GrubmapHTTP", "GrubmapSQL",
                "GrubmapStore", "GrubmapImport", "GrubmapTestTiers", "CImaging",
            ]),
        .testTarget(
            name: "GrubmapWebTests",
            dependencies: [
                "GrubmapWeb", "GrubmapStore", "GrubmapSQL", "GrubmapImport", "GrubmapHTTP", "GrubmapCore",
                "GrubmapOutbound", "GrubmapTestTiers", "GrubmapSQLTestSupport", "CImaging",
            ],
            exclude: ["Snapshots"]),
    ],
    swiftLanguageModes: [.v6]
)
