// swift-tools-version: 6.1
// Benchmarks live in their own package so that the main test suite never builds them.
// Run: cd Benchmarks && swift package --allow-writing-to-package-directory benchmark
import PackageDescription

let package = Package(
    name: "SiftBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "Sift", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "SiftBenchmarks",
            dependencies: [
                .product(name: "Sift", package: "Sift"),
                .product(name: "SiftBatch", package: "Sift"),
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/SiftBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
    ]
)
