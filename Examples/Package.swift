// swift-tools-version: 6.1
// Examples of hosting Sift, using only its public API:
//   order-validator  a server-style request validator (rules shipped as resources, one
//                    third-party check plugin, verdicts answered as JSON)
//   link-router      an in-app URL router (typed route parameters)
//   ISINCheck        a check plugin of one's own, held to Sift's plugin contract by its tests
//   HostingTests     the library API as a host uses it, on Sift's shipped rules and samples
// link-router checks its rule files at build time with Sift's SiftRulesCheck plugin.
import Foundation
import PackageDescription

// Sift is the package one folder up; a path dependency is known by its folder's name.
let siftFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
let sift = siftFolder.lastPathComponent

let package = Package(
    name: "SiftExamples",
    platforms: [.macOS(.v13)],
    // No traits: the `sift` tool that the plugins build links neither `sift studio` nor the
    // PostgreSQL ledger, which this package does not use (and so builds no NIO or TLS).
    dependencies: [.package(path: siftFolder.path, traits: [])],
    targets: [
        .target(name: "ISINCheck", dependencies: [.product(name: "Sift", package: sift)]),
        .executableTarget(
            name: "order-validator",
            dependencies: ["ISINCheck", .product(name: "Sift", package: sift)],
            // Not checked at build time: `sift lint` does not know this package's own `isin` check.
            resources: [.process("rules")]),
        .executableTarget(
            name: "link-router",
            dependencies: [.product(name: "Sift", package: sift)],
            resources: [.process("rules"), .copy("settings.yaml")],
            plugins: [.plugin(name: "SiftRulesCheck", package: sift)]),
        .testTarget(name: "ISINCheckTests", dependencies: ["ISINCheck", .product(name: "SiftTesting", package: sift)]),
        // Sift hosted as an app or server would: only the public API, on Sift's shipped rules.
        .testTarget(name: "HostingTests", dependencies: [.product(name: "Sift", package: sift)]),
    ],
    swiftLanguageModes: [.v6]
)
