// swift-tools-version:6.1
import PackageDescription

// PushBus benchmarks: a package of its own, so the benchmark harness and the peers it measures against
// (OpenCombine) never become dependencies of the library. Run from this folder:
//
//     swift package --allow-writing-to-package-directory benchmark
//
// Each benchmark suite is one executable target under Benchmarks/<Suite>/ using the BenchmarkPlugin.
// To add a suite (for example RouterBenchmarks), add its folder and one line to `suites` below.

let package = Package(
    name: "PushBusBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "PushBus", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
        .package(url: "https://github.com/OpenCombine/OpenCombine", from: "0.14.0"),
    ],
    targets: []
)

/// A benchmark suite: an executable target in `Benchmarks/<name>` and the products it measures.
struct Suite {
    var name: String
    var dependencies: [Target.Dependency]
}

let suites: [Suite] = [
    Suite(
        name: "HubBenchmarks",
        dependencies: [
            .product(name: "PushBus", package: "PushBus"),
            .product(name: "OpenCombine", package: "OpenCombine"),
        ]
    ),
    Suite(name: "RouterBenchmarks", dependencies: [.product(name: "PushBus", package: "PushBus")]),  // the router is in PushBus
    Suite(
        name: "NSEBenchmarks",
        dependencies: [
            .product(name: "PushBus", package: "PushBus"), .product(name: "PushBusTesting", package: "PushBus"),
        ]
    ),
    Suite(name: "LedgerBenchmarks", dependencies: [.product(name: "PushBus", package: "PushBus"), "TapRigs"]),  // the router too
    Suite(name: "InboxBenchmarks", dependencies: [.product(name: "PushBus", package: "PushBus")]),
]

for suite in suites {
    package.targets.append(
        .executableTarget(
            name: suite.name,
            dependencies: [.product(name: "Benchmark", package: "benchmark")] + suite.dependencies,
            path: "Benchmarks/\(suite.name)",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    )
}

// The apps the tap rows tap, and the tap driver tap-instructions.sh runs under callgrind (a plain executable: the
// benchmark harness's malloc interposer does not run under valgrind).
package.targets += [
    .target(
        name: "TapRigs", dependencies: [.product(name: "PushBus", package: "PushBus")], path: "Benchmarks/TapRigs"),
    .executableTarget(
        name: "TapInstructions",
        dependencies: [.product(name: "PushBus", package: "PushBus"), "TapRigs"],
        path: "Benchmarks/TapInstructions"
    ),
]
