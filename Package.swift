// swift-tools-version:6.0
import PackageDescription

/// Linux-only: lets CI type-check the Apple glue against stubs that mirror Apple's signatures.
let appleStubs: [SwiftSetting] = [.define("PUSHBUS_APPLE_STUBS", .when(platforms: [.linux]))]

let package = Package(
    name: "PushBus",
    platforms: [.iOS(.v13), .macOS(.v10_15), .tvOS(.v13), .watchOS(.v6)],
    products: [
        .library(name: "PushBus", targets: ["PushBus"]),
        .library(name: "PushBusRouting", targets: ["PushBusRouting"]),
        .library(name: "PushBusApple", targets: ["PushBusApple"]),
        .library(name: "PushBusTesting", targets: ["PushBusTesting"]),
        .executable(name: "pushbus", targets: ["pushbus"]),
    ],
    dependencies: [
        // Only the `pushbus` executable uses it; the library products depend on no package.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        .target(name: "PushBus"),
        .target(name: "PushBusRouting", dependencies: ["PushBus"]),
        // Declares Apple's types with Apple's signatures; compiled into PushBusApple on Linux only.
        .target(name: "PushBusAppleStubs", swiftSettings: appleStubs),
        .target(
            name: "PushBusApple",
            dependencies: [
                "PushBus",
                .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: appleStubs
        ),
        .target(name: "PushBusTesting", dependencies: ["PushBus", "PushBusRouting"]),
        .executableTarget(
            name: "pushbus",
            dependencies: [
                "PushBus", "PushBusRouting", "PushBusTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .testTarget(name: "PushBusTests", dependencies: ["PushBus", "PushBusTesting"]),
        .testTarget(name: "PushBusRoutingTests", dependencies: ["PushBus", "PushBusRouting"]),
        .testTarget(
            name: "PushBusAppleTests",
            dependencies: [
                "PushBus", "PushBusApple",
                .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: appleStubs
        ),
        .testTarget(name: "PushBusTestingTests", dependencies: ["PushBus", "PushBusRouting", "PushBusTesting"]),
    ],
    swiftLanguageModes: [.v6]
)
