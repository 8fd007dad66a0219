// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "Sift",
    // Linux (Debian, Ubuntu) and macOS; the C libraries come from apt or Homebrew.
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "Sift", targets: ["Sift"]),
        .library(name: "SiftTesting", targets: ["SiftTesting"]),
        // The batch runner of `sift run`, for the benchmarks package (through its one SPI entry);
        // hosts that check records in process need only `Sift`.
        .library(name: "SiftBatch", targets: ["SiftBatch"]),
        // The claims ledger on PostgreSQL for hosts: `RecordSession(pipeline:ledger: .postgres(url))`.
        .library(name: "SiftLedgerPostgres", targets: ["SiftLedgerPostgres"]),
        // Checks run as external commands, for hosts that allow them: `registry.allowExecChecks()`.
        .library(name: "SiftExec", targets: ["SiftExec"]),
        .executable(name: "sift", targets: ["SiftCLI"]),
        // The same tool under its target's name: SwiftPM builds a command plugin's tools by product name.
        .executable(name: "SiftCLI", targets: ["SiftCLI"]),
        .plugin(name: "SiftRulesCheck", targets: ["SiftRulesCheck"]),
        .plugin(name: "SiftCommand", targets: ["SiftCommand"]),
    ],
    // What the `sift` tool links beyond the library. Both are on by default; a package that uses
    // Sift's plugins only (rule files checked at build time, `swift package sift lint`) can turn
    // them off (`.package(path: ..., traits: [])`) and build neither NIO, TLS nor the web server.
    traits: [
        .trait(name: "Studio", description: "`sift studio`, the rule editor in the browser (Hummingbird)."),
        .trait(name: "PostgresLedger", description: "`--ledger postgresql://...` (postgres-nio, swift-nio-ssl)."),
        .trait(name: "Serve", description: "`sift serve`, the rules as an HTTP service (Hummingbird)."),
        .default(enabledTraits: ["Studio", "PostgresLedger", "Serve"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/vapor/jwt-kit", from: "5.7.1"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.1.0"),
        .package(url: "https://github.com/swift-extras/swift-extras-base64", from: "1.2.0"),
        // X.509 chains of App Store signed transactions (already resolved through jwt-kit).
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        // `sift studio`: the rule editor's local web server.
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
        // The claims ledger on PostgreSQL (SiftLedgerPostgres).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        // `swift package generate-documentation --target Sift` (Sources/Sift/Sift.docc).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // C libraries, each imported by as few Swift files as possible.
        .systemLibrary(
            name: "CYAML", path: "Sources/CYAML", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(
            name: "CPCRE2", path: "Sources/CPCRE2", pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]),
        .systemLibrary(
            name: "CZlib", path: "Sources/CZlib", pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]),
        .systemLibrary(
            name: "CSQLite", path: "Sources/CSQLite", pkgConfig: "sqlite3",
            providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]),

        // The JSON scanner's SIMD helper: inline C, so that Swift code inlines it.
        .target(name: "CSiftScan"),
        // Messages people read: an identifier with named arguments, English and Chinese side by
        // side in each module's catalog.
        .target(name: "SiftMessages"),
        // JSON on input bytes, knowing nothing of rules: the tape parser and skip scanner, values,
        // paths, the writer of result lines, canonical form and digests, exact decimals.
        .target(name: "SiftJSON", dependencies: ["SiftMessages", "CSiftScan"]),
        // Rule files read as located nodes (libyaml), and located diagnostics: every node and
        // every message knows its file, line and column.
        .target(name: "SiftConfig", dependencies: ["SiftMessages", "SiftJSON", "CYAML"]),
        // Formulas (`expr:`): parsed and type-checked when the rules load, evaluated per record
        // with exact decimals, dates and durations.
        .target(name: "SiftExpr", dependencies: ["SiftMessages", "SiftJSON", "SiftConfig"]),
        // Core: plugin contracts, the rules' compiler, sessions.
        .target(name: "SiftCore", dependencies: ["SiftMessages", "SiftJSON", "SiftConfig", "SiftExpr"]),
        // Authoring tools over loaded rules: the examples of `sift test`, `explain`, the editors' JSON Schema.
        .target(name: "SiftTools", dependencies: ["SiftConfig", "SiftCore", "SiftJSON", "SiftMessages"]),
        // The batch runner: files and standard input (gzip too) read in blocks, workers, result
        // lines, summaries and outputs. `sift run` and the Spark path use it; a host that checks
        // records in process links the core only.
        .target(name: "SiftBatch", dependencies: ["SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "CSiftScan", "CZlib"]),
        // PCRE2 with JIT, shared by the plugin families that need regexes.
        .target(name: "SiftRegex", dependencies: ["CPCRE2", "SiftMessages"]),
        // Plugin families.
        .target(name: "SiftFields", dependencies: ["SiftConfig", "SiftCore", "SiftExpr", "SiftJSON", "SiftMessages", "SiftRegex"]),
        .target(
            name: "SiftReceipts",
            dependencies: [
                "SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "CSQLite", .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(name: "SiftRoutes", dependencies: ["SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "SiftRegex"]),
        .target(
            name: "SiftAppleID",
            dependencies: [
                "SiftConfig", "SiftCore", "SiftJSON", "SiftMessages",
                .product(name: "JWTKit", package: "jwt-kit"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]),
        // App Store signed transactions and notifications (JWS with an x5c chain); shares the
        // replay ledger of `receipt:`.
        .target(
            name: "SiftAppStore",
            dependencies: [
                "SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "SiftReceipts",
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ExtrasBase64", package: "swift-extras-base64"),
            ]),
        // A certificate authority shaped like Apple's, and a JWS signer, for tests and benchmarks.
        .target(
            name: "SiftAppStoreTesting",
            dependencies: [
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        // The claims ledger on PostgreSQL, behind SiftReceipts' ClaimsStore (docs/LEDGER.md).
        .target(
            name: "SiftLedgerPostgres",
            dependencies: [
                "SiftCore", "SiftReceipts", .product(name: "PostgresNIO", package: "postgres-nio"),
                .product(name: "NIOCore", package: "swift-nio"), .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"), .product(name: "Logging", package: "swift-log"),
            ]),
        // JSON Schema (draft 2020-12, draft-07) as a pack's `schema:` section.
        .target(name: "SiftJSONSchema", dependencies: ["SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "SiftRegex"]),
        // The library hosts import: core plus the built-in plugin families.
        .target(
            name: "Sift",
            dependencies: [
                "SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "SiftFields", "SiftReceipts", "SiftAppleID", "SiftRoutes",
                "SiftAppStore",
                "SiftJSONSchema",
            ]),
        // `sift studio`: a rule editor in the browser, served on 127.0.0.1 (Hummingbird 2). A tool,
        // not a plugin family: it imports the library; nothing imports it but the command line.
        .target(
            name: "SiftStudio",
            dependencies: [
                "SiftConfig", "Sift", "SiftCore", "SiftJSON", "SiftMessages", "SiftExec", "SiftTools",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        // `sift serve`: the rules as an HTTP service, Apple's notification endpoint, entitlements
        // (Hummingbird 2). A tool like the studio: only the command line imports it.
        .target(
            name: "SiftServe",
            dependencies: [
                "Sift", "SiftCore", "SiftJSON", "SiftMessages", "SiftReceipts", "SiftAppStore",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdCore", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"), .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
            ]),
        // Checks run as external commands (`exec_checks:`): imported by the command line and by hosts
        // that allow them (`registry.allowExecChecks()`), never by the core.
        .target(name: "SiftExec", dependencies: ["SiftConfig", "SiftCore", "SiftJSON", "SiftMessages"]),
        // Test doubles for hosts and plugin authors.
        .target(name: "SiftTesting", dependencies: ["SiftConfig", "SiftCore", "SiftJSON", "SiftMessages", "SiftTools"]),
        .executableTarget(
            name: "SiftCLI",
            dependencies: [
                "SiftConfig", "Sift", "SiftJSON", "SiftBatch", "SiftRoutes", "SiftReceipts", "SiftJSONSchema", "SiftExec", "SiftTools",
                .target(name: "SiftStudio", condition: .when(traits: ["Studio"])),
                .target(name: "SiftServe", condition: .when(traits: ["Serve"])),
                .target(name: "SiftLedgerPostgres", condition: .when(traits: ["PostgresLedger"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The JSON layer's own fuzz target (against Foundation's JSONSerialization): it needs
        // SiftJSON alone; SiftFuzz runs it as `json`.
        .target(name: "SiftJSONFuzz", dependencies: ["SiftJSON"]),
        // libFuzzer targets (scripts/fuzz, docs/FUZZING.md); a plain build replays inputs: SiftFuzz json Fuzz/regressions/json
        .executableTarget(
            name: "SiftFuzz",
            dependencies: [
                "SiftJSONFuzz", "Sift", "SiftCore", "SiftBatch", "SiftRegex", "SiftRoutes", "SiftReceipts", "SiftAppleID", "SiftFields",
                "SiftTesting",
                "SiftTools",
            ]),

        // scripts/app-store-bench: signed records at scale, and swift-crypto's P-256 verify rate.
        .executableTarget(name: "AppStoreBench", dependencies: ["SiftAppStoreTesting"], path: "Benchmarks/AppStoreBench"),

        // SwiftPM package plugins: rule files checked at build time, and `swift package sift ...`.
        .plugin(name: "SiftRulesCheck", capability: .buildTool(), dependencies: ["SiftCLI"], path: "Plugins/SiftRulesCheck"),
        .plugin(
            name: "SiftCommand",
            capability: .command(
                intent: .custom(verb: "sift", description: "Run sift lint, test, explain or schema on the package's rule files")),
            dependencies: ["SiftCLI"], path: "Plugins/SiftCommand"),

        .testTarget(
            name: "SiftCoreTests",
            dependencies: [
                "SiftConfig", "SiftExpr", "SiftCore", "SiftJSON", "SiftMessages", "SiftExec", "SiftRegex", "SiftBatch", "SiftFields",
                "SiftJSONSchema",
                "SiftAppStore",
                "SiftAppleID", "SiftRoutes", "SiftReceipts", "Sift", "SiftTesting", "SiftTools",
            ]),
        .testTarget(name: "SiftFieldsTests", dependencies: ["SiftConfig", "SiftTools", "SiftFields", "SiftRegex", "Sift", "SiftTesting"]),
        .testTarget(
            name: "SiftReceiptsTests",
            dependencies: ["SiftConfig", "SiftReceipts", "SiftJSON", "SiftBatch", "Sift", "SiftTesting", "SiftLedgerPostgres"]),
        // Crypto: the tests also sign tokens of their own (MintedTokens.swift) with a key made for the run.
        .testTarget(
            name: "SiftAppleIDTests",
            dependencies: [
                "SiftAppleID", "Sift", .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
            ], resources: [.copy("Fixtures")]),
        .testTarget(
            name: "SiftAppStoreTests", dependencies: ["SiftAppStore", "SiftReceipts", "Sift", "SiftTesting", "SiftAppStoreTesting"]),
        .testTarget(name: "SiftRoutesTests", dependencies: ["SiftTools", "SiftRoutes", "SiftBatch", "Sift", "SiftTesting"]),
        .testTarget(name: "SiftJSONSchemaTests", dependencies: ["SiftJSONSchema", "SiftCore", "SiftJSON", "Sift", "SiftTesting"]),
        .testTarget(
            name: "SiftStudioTests",
            dependencies: [
                "SiftStudio", "SiftCore", "SiftJSON", "SiftTesting", .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ]),
        .testTarget(name: "SiftCLITests", dependencies: ["SiftCLI", "SiftTesting"], exclude: ["Expected", "ExecPlugin"]),
    ],
    swiftLanguageModes: [.v6]
)

// scripts/sendable-check: every public type of Sift's own modules says whether it is Sendable. Only
// Sift's library and tool targets get the flag (not the tests, which declare no public types),
// so the check rebuilds them in .build, not the dependencies.
if Context.environment["SIFT_SENDABLE_CHECK"] != nil {
    for target in package.targets where [.regular, .executable].contains(target.type) {
        target.swiftSettings = (target.swiftSettings ?? []) + [.unsafeFlags(["-Xfrontend", "-require-explicit-sendable"])]
    }
}
