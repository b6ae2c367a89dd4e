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
        .library(name: "PushBusCore", targets: ["PushBusCore"]),
        .library(name: "PushBusHub", targets: ["PushBusHub"]),
        .library(name: "PushBusStorage", targets: ["PushBusStorage"]),
        .library(name: "PushBusValidation", targets: ["PushBusValidation"]),
        .library(name: "PushBusCategories", targets: ["PushBusCategories"]),
        .library(name: "PushBusServiceExtension", targets: ["PushBusServiceExtension"]),
        .library(name: "PushBusServiceExtensionStorage", targets: ["PushBusServiceExtensionStorage"]),
        .library(name: "PushBusContentExtensionKit", targets: ["PushBusContentExtensionKit"]),
        .library(name: "PushBusDelivery", targets: ["PushBusDelivery"]),
        .library(name: "PushBusLiveActivity", targets: ["PushBusLiveActivity"]),
        .library(name: "PushBusRouting", targets: ["PushBusRouting"]),
        .library(name: "PushBusApple", targets: ["PushBusApple"]),
        .library(name: "PushBusAppleServiceExtension", targets: ["PushBusAppleServiceExtension"]),
        .library(name: "PushBusAppleExtension", targets: ["PushBusAppleExtension"]),
        .library(name: "PushBusTesting", targets: ["PushBusTesting"]),
        .executable(name: "pushbus", targets: ["pushbus"]),
    ],
    dependencies: [
        // Only the `pushbus` executable uses it; the library products depend on no package.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // One module per job (Docs/Architecture.md; .ci/steps/41-module-graph.sh checks these edges). Each module that
        // calls a required-reason API carries its own PrivacyInfo.xcprivacy: fstat in Core's SharedFile, stat/fstat
        // in Storage's ledger, UserDefaults in Delivery's NotificationSettingsStore.
        // Message, payload reading, identity, the subscription handle: what every other module builds on.
        .target(name: "PushBusCore", resources: [.copy("PrivacyInfo.xcprivacy")]),
        // The sender's strict payload checks (`pushbus validate`). No extension and no app path links it.
        .target(name: "PushBusValidation", dependencies: ["PushBusCore"]),
        // The category model, its validation and the merge with other SDKs' categories.
        .target(name: "PushBusCategories", dependencies: ["PushBusCore"]),
        // The hub: PushCenter (subscribe, post, monitor, park, de-duplicate). An app extension does not link it.
        .target(name: "PushBusHub", dependencies: ["PushBusCore"]),
        // The delivery ledger and the inbox that folds it.
        .target(name: "PushBusStorage", dependencies: ["PushBusCore"], resources: [.copy("PrivacyInfo.xcprivacy")]),
        // The Notification Service Extension's pipeline and attachments: all a minimal NSE links besides Core.
        .target(name: "PushBusServiceExtension", dependencies: ["PushBusCore"]),
        // The pipeline's steps that write the shared storage (receipt, inbox, retraction), for an NSE that keeps them.
        .target(
            name: "PushBusServiceExtensionStorage",
            dependencies: ["PushBusCore", "PushBusStorage", "PushBusServiceExtension"]),
        // A Notification Content Extension's session, answers and shared values.
        .target(name: "PushBusContentExtensionKit", dependencies: ["PushBusCore", "PushBusCategories", "PushBusStorage"]),
        // The app's side: adapters, PushDelivery, local notifications, authorization, coexistence, device tokens.
        .target(
            name: "PushBusDelivery",
            dependencies: [
                "PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                "PushBusServiceExtensionStorage", "PushBusContentExtensionKit", "PushBusLiveActivity",
            ],
            resources: [.copy("PrivacyInfo.xcprivacy")]),
        // Live Activity tokens and their store.
        .target(name: "PushBusLiveActivity", dependencies: ["PushBusCore", "PushBusHub"]),
        // The umbrella: its one source re-exports the modules above, so `import PushBus` keeps compiling.
        .target(
            name: "PushBus",
            dependencies: [
                "PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                "PushBusServiceExtension", "PushBusServiceExtensionStorage", "PushBusContentExtensionKit",
                "PushBusDelivery", "PushBusLiveActivity",
            ]),
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
        // Extension-safe glue for a Notification Service Extension (no API unavailable to app extensions): the
        // principal class and the content conversions. Links only what a service extension without a ledger runs.
        .target(
            name: "PushBusAppleServiceExtension",
            dependencies: [
                "PushBusCore", "PushBusServiceExtension",
                .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux])),
            ],
            swiftSettings: appleStubs
        ),
        // Extension-safe glue for what keeps the shared storage: the app group's ledger, the content extension, the
        // retraction step. Re-exports PushBusAppleServiceExtension. No hub delivery, no adapters.
        .target(
            name: "PushBusAppleExtension",
            dependencies: [
                "PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusServiceExtensionStorage",
                "PushBusContentExtensionKit", "PushBusAppleServiceExtension",
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
        .testTarget(
            name: "PushBusTests",
            dependencies: [
                "PushBus", "PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                "PushBusServiceExtension", "PushBusServiceExtensionStorage", "PushBusContentExtensionKit",
                "PushBusDelivery", "PushBusLiveActivity", "PushBusTesting", "PushBusTestSupport",
            ]),
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
