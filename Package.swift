// swift-tools-version:6.2
// 6.2 is the real floor: `RouteEvents` stores `AsyncStream.Continuation.BufferingPolicy` in a `Sendable` struct, and
// that type became `Sendable` in the Swift 6.1 standard library; the App Store has required Xcode 26 (Swift 6.2)
// since 2026-04-28.
import PackageDescription

/// Linux-only: lets CI type-check the Apple glue against stubs that mirror Apple's signatures.
let appleStubs: [SwiftSetting] = [.define("PUSHBUS_APPLE_STUBS", .when(platforms: [.linux]))]

let package = Package(
    name: "PushBus",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "PushBus", targets: ["PushBus"]),
        .library(name: "PushBusRouting", targets: ["PushBusRouting"]),
        .library(name: "PushBusApple", targets: ["PushBusApple"]),
        .library(name: "PushBusAppleExtension", targets: ["PushBusAppleExtension"]),
        .library(name: "PushBusTesting", targets: ["PushBusTesting"]),
        .executable(name: "pushbus", targets: ["pushbus"]),
    ],
    dependencies: [
        // Only the `pushbus` executable uses it; the library products depend on no package.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // PrivacyInfo.xcprivacy: the required-reason APIs the module calls (UserDefaults in NotificationSettingsStore,
        // stat/fstat in the ledger).
        .target(name: "PushBus", resources: [.copy("PrivacyInfo.xcprivacy")]),
        .target(name: "PushBusRouting", dependencies: ["PushBus"]),
        // Declares Apple's types with Apple's signatures; compiled into PushBusApple on Linux only.
        .target(name: "PushBusAppleStubs", swiftSettings: appleStubs),
        // The app's glue. It uses the extension-safe module's conversions (an app may link extension-safe code).
        .target(
            name: "PushBusApple",
            dependencies: [
                "PushBus", "PushBusAppleExtension",
                .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: appleStubs
        ),
        // Extension-safe glue for a Notification Service Extension (no API unavailable to app extensions).
        .target(
            name: "PushBusAppleExtension",
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
        // Not a product: the child process that process tests spawn and kill (`pushbus-test-child SUBCOMMAND …`).
        .executableTarget(name: "pushbus-test-child", dependencies: ["PushBus"], path: "Sources/PushBusTestChild"),
        // Not a product: the recorders, boxes and process runners every test target shares.
        .target(name: "PushBusTestSupport", dependencies: ["PushBus"], path: "Tests/PushBusTestSupport"),
        .testTarget(name: "PushBusTests", dependencies: ["PushBus", "PushBusTesting", "PushBusTestSupport"]),
        .testTarget(
            name: "PushBusRoutingTests", dependencies: ["PushBus", "PushBusRouting", "PushBusTesting", "PushBusTestSupport"]),
        .testTarget(
            name: "PushBusAppleTests",
            dependencies: [
                "PushBus", "PushBusApple", "PushBusRouting", "PushBusTestSupport",
                .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: appleStubs
        ),
        .testTarget(
            name: "PushBusAppleExtensionTests",
            dependencies: [
                "PushBus", "PushBusAppleExtension", "PushBusTesting", "PushBusTestSupport",
                .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: appleStubs
        ),
        .testTarget(
            name: "PushBusTestingTests",
            dependencies: ["PushBus", "PushBusRouting", "PushBusTesting", "PushBusTestSupport"]),
    ],
    swiftLanguageModes: [.v6]
)
