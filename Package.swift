// swift-tools-version:6.2
// 6.2 is the real floor: `RouteEvents` stores `AsyncStream.Continuation.BufferingPolicy` in a `Sendable` struct, and
// that type became `Sendable` in the Swift 6.1 standard library; the App Store has required Xcode 26 (Swift 6.2)
// since 2026-04-28.
import PackageDescription

/// Linux-only: lets CI type-check the Apple glue against stubs that mirror Apple's signatures.
let appleStubs: [SwiftSetting] = [.define("PUSHBUS_APPLE_STUBS", .when(platforms: [.linux]))]
/// Every target: a file sees only the modules it imports itself (members too), and an import is internal unless it
/// says `public` (or `@_exported`), so each file imports what it uses and each module re-exports only on purpose.
let imports: [SwiftSetting] = [
    .enableUpcomingFeature("MemberImportVisibility"), .enableUpcomingFeature("InternalImportsByDefault"),
]
/// On Linux, the Apple glue's one dependency on the stubs.
let stubs: Target.Dependency = .target(name: "PushBusAppleStubs", condition: .when(platforms: [.linux]))

let package = Package(
    name: "PushBus",
    platforms: [.iOS(.v15), .macOS(.v12), .tvOS(.v15), .watchOS(.v9), .visionOS(.v1)],
    // One product per kind of target, each re-exporting what that target uses (Docs/Architecture.md, "Products"):
    // a target imports its product's one module. The job modules behind them are targets, not products.
    products: [
        // The app, platform-neutral: everything but the validator (the router, the inbox, Live Activity tokens, …).
        .library(name: "PushBus", targets: ["PushBus"]),
        // The app's Apple glue: UIKit / UserNotifications / ActivityKit, and everything PushBus re-exports.
        .library(name: "PushBusApple", targets: ["PushBusApple"]),
        // A Notification Service Extension: the pipeline, its storage steps and the extension-safe glue.
        .library(name: "PushBusNotificationServiceExtension", targets: ["PushBusNotificationServiceExtension"]),
        // A Notification Content Extension: its session, answers, shared values and the extension-safe glue.
        .library(name: "PushBusNotificationContentExtension", targets: ["PushBusNotificationContentExtension"]),
        // A widget extension: the control and widget push tokens its WidgetKit push handlers get, recorded in the app
        // group's token registry, and the ledger. Extension-safe, no hub.
        .library(name: "PushBusWidgetExtension", targets: ["PushBusWidgetExtension"]),
        // The platform-neutral pipeline alone, for a service extension that keeps no ledger (Core and the pipeline:
        // the minimal service extension of Docs/Performance.md).
        .library(name: "PushBusServiceExtension", targets: ["PushBusServiceExtension"]),
        // An app's tests: the simulated device, scenarios and clocks, and everything PushBus re-exports.
        .library(name: "PushBusTesting", targets: ["PushBusTesting"]),
        // A server or CLI: the sender's strict payload checks. No app or extension product links it.
        .library(name: "PushBusValidation", targets: ["PushBusValidation"]),
        // No `.executable` product: the CLI is run from a clone (`swift run pushbus`, README.md), and SwiftPM gives a
        // root package's executable targets products of their own. What a dependent package sees is the eight above.
    ],
    dependencies: [
        // Only the `pushbus` executable uses it; the library products depend on no package.
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
    ],
    targets: [
        // One module per job (Docs/Architecture.md; .ci/steps/41-module-graph.sh checks these edges both ways: every
        // import is a dependency, every dependency is imported). No module but the umbrellas depends on an umbrella.
        // Each module that calls a required-reason API carries its own PrivacyInfo.xcprivacy: fstat in Core's
        // SharedFile, stat/fstat in Storage's ledger, UserDefaults in Authorization's NotificationSettingsStore.
        // Message, payload reading, identity, the subscription handle: what every other module builds on.
        .target(name: "PushBusCore", resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: imports),
        // The sender's strict payload checks (`pushbus validate`). No extension and no app path links it. A product:
        // it re-exports Core, whose values its reports name.
        .target(name: "PushBusValidation", dependencies: ["PushBusCore"], swiftSettings: imports),
        // The category model, its validation and the merge with other SDKs' categories.
        .target(name: "PushBusCategories", dependencies: ["PushBusCore"], swiftSettings: imports),
        // The hub: PushCenter (subscribe, post, monitor, park, de-duplicate). An app extension does not link it.
        .target(name: "PushBusHub", dependencies: ["PushBusCore"], swiftSettings: imports),
        // The Notification Service Extension's pipeline and attachments: all a minimal NSE links besides Core. A
        // product: it re-exports Core.
        .target(name: "PushBusServiceExtension", dependencies: ["PushBusCore"], swiftSettings: imports),
        // The delivery ledger, the inbox that folds it (the app's side and the service extension's step included),
        // retraction, and the token registry: what the app and its extensions share in the app group.
        .target(
            name: "PushBusStorage", dependencies: ["PushBusCore", "PushBusServiceExtension"],
            resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: imports),
        // A Notification Content Extension's session, answers and shared values.
        .target(
            name: "PushBusContentExtensionKit", dependencies: ["PushBusCore", "PushBusCategories", "PushBusStorage"],
            swiftSettings: imports),
        // Live Activity tokens and their store, and the token registry following the hub's tokens.
        .target(
            name: "PushBusLiveActivity", dependencies: ["PushBusCore", "PushBusHub", "PushBusStorage"],
            swiftSettings: imports),
        // Local notifications: the request and trigger model, the scheduler protocol, the durable schedule that keeps
        // more than iOS's 64 pending (it refills on the local messages a `PushMessageSource`, the hub, posts).
        .target(
            name: "PushBusLocalNotifications", dependencies: ["PushBusCore"], swiftSettings: imports),
        // Authorization and notification settings: the options, the flow and its authorizer protocol, the settings
        // snapshot, channel and store, the open-settings request.
        .target(
            name: "PushBusAuthorization", dependencies: ["PushBusCore", "PushBusCategories"],
            resources: [.copy("PrivacyInfo.xcprivacy")], swiftSettings: imports),
        // The app's side: adapters, PushDelivery and its preflight, coexistence, the scopes' removal.
        .target(
            name: "PushBusDelivery",
            dependencies: [
                "PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                "PushBusContentExtensionKit", "PushBusLocalNotifications",
            ],
            swiftSettings: imports),
        // The deep-link router: it links the hub, the delivery, the ledger it records routes in and the settings
        // channel whose "open settings" requests it routes, never the
        // validator.
        .target(
            name: "PushBusRouting",
            dependencies: ["PushBusCore", "PushBusHub", "PushBusStorage", "PushBusDelivery", "PushBusAuthorization"],
            swiftSettings: imports),
        // The umbrella of the app's platform-neutral product: its one source re-exports every module above but the
        // validator. Only umbrellas depend on it: nothing does.
        .target(
            name: "PushBus",
            dependencies: [
                "PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                "PushBusContentExtensionKit", "PushBusDelivery", "PushBusLiveActivity",
                "PushBusLocalNotifications", "PushBusAuthorization", "PushBusRouting",
            ],
            swiftSettings: imports),
        // Declares Apple's types with Apple's signatures; compiled into the Apple glue on Linux only.
        .target(name: "PushBusAppleStubs", swiftSettings: appleStubs + imports),
        // Extension-safe glue for a Notification Service Extension (no API unavailable to app extensions): the
        // principal class and the content conversions. Links only what a service extension without a ledger runs.
        .target(
            name: "PushBusAppleServiceExtension", dependencies: ["PushBusCore", "PushBusServiceExtension", stubs],
            swiftSettings: appleStubs + imports),
        // Extension-safe glue for what keeps the shared storage: the app group's ledger, the content extension, the
        // retraction step. No hub delivery, no adapters.
        .target(
            name: "PushBusAppleExtension",
            dependencies: [
                "PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusContentExtensionKit",
                "PushBusAppleServiceExtension", stubs,
            ],
            swiftSettings: appleStubs + imports),
        // The app's glue, and the app's one import on Apple platforms: it re-exports every module the PushBus
        // umbrella does (not the umbrella itself) and the extension-safe glue (an app may link extension-safe code).
        .target(
            name: "PushBusApple",
            dependencies: [
                "PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusServiceExtension",
                "PushBusContentExtensionKit", "PushBusDelivery", "PushBusLiveActivity",
                "PushBusLocalNotifications", "PushBusAuthorization", "PushBusRouting", "PushBusAppleServiceExtension",
                "PushBusAppleExtension", stubs,
            ],
            swiftSettings: appleStubs + imports),
        // The umbrella of a Notification Service Extension: the pipeline, its storage steps, the ledger and the inbox
        // it writes, the extension-safe glue. No hub, no delivery, no validator.
        .target(
            name: "PushBusNotificationServiceExtension",
            dependencies: [
                "PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusAppleServiceExtension",
                "PushBusAppleExtension",
            ],
            swiftSettings: imports),
        // The umbrella of a Notification Content Extension: its session and answers, the ledger, shared values and
        // the extension-safe glue. No hub, no delivery, no validator.
        .target(
            name: "PushBusNotificationContentExtension",
            dependencies: ["PushBusCore", "PushBusStorage", "PushBusContentExtensionKit", "PushBusAppleExtension"],
            swiftSettings: imports),
        // The umbrella of a widget extension: the token registry and the ledger in the app group, and the
        // extension-safe glue that records WidgetKit's control and widget push tokens. No hub, no delivery.
        .target(
            name: "PushBusWidgetExtension", dependencies: ["PushBusCore", "PushBusStorage", "PushBusAppleExtension"],
            swiftSettings: imports),
        // An app's tests: re-exports every module the PushBus umbrella does.
        .target(
            name: "PushBusTesting",
            dependencies: [
                "PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                "PushBusServiceExtension", "PushBusContentExtensionKit",
                "PushBusDelivery", "PushBusLiveActivity", "PushBusLocalNotifications", "PushBusAuthorization",
                "PushBusRouting",
            ],
            swiftSettings: imports),
        .executableTarget(
            name: "pushbus",
            dependencies: [
                "PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                "PushBusContentExtensionKit", "PushBusDelivery", "PushBusTesting",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: imports),
        // Not a product: the child process that process tests spawn and kill (`pushbus-test-child SUBCOMMAND …`).
        .executableTarget(
            name: "pushbus-test-child",
            dependencies: [
                "PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusContentExtensionKit",
            ],
            path: "Sources/PushBusTestChild", swiftSettings: imports),
        // Not a product: the recorders, boxes and process runners every test target shares.
        .target(
            name: "PushBusTestSupport",
            dependencies: ["PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusDelivery"],
            path: "Tests/PushBusTestSupport", swiftSettings: imports),
        .testTarget(
            name: "PushBusTests",
            dependencies: [
                "PushBus", "PushBusCore", "PushBusValidation", "PushBusCategories", "PushBusHub", "PushBusStorage",
                "PushBusServiceExtension", "PushBusContentExtensionKit",
                "PushBusDelivery", "PushBusLiveActivity", "PushBusRouting", "PushBusTesting", "PushBusTestSupport",
            ],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusCoreTests", dependencies: ["PushBusCore", "PushBusTestSupport"], swiftSettings: imports),
        .testTarget(
            name: "PushBusHubTests",
            dependencies: ["PushBusCore", "PushBusHub", "PushBusTesting", "PushBusTestSupport"],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusStorageTests",
            dependencies: [
                "PushBusCore", "PushBusStorage", "PushBusServiceExtension", "PushBusTesting", "PushBusTestSupport",
            ],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusValidationTests", dependencies: ["PushBusCore", "PushBusValidation"], swiftSettings: imports),
        .testTarget(
            name: "PushBusCategoriesTests", dependencies: ["PushBusCore", "PushBusCategories"], swiftSettings: imports),
        .testTarget(
            name: "PushBusLiveActivityTests",
            dependencies: ["PushBusCore", "PushBusHub", "PushBusLiveActivity", "PushBusTestSupport"],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusServiceExtensionTests",
            dependencies: ["PushBusCore", "PushBusServiceExtension", "PushBusTesting", "PushBusTestSupport"],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusContentExtensionKitTests",
            dependencies: ["PushBusCore", "PushBusCategories", "PushBusContentExtensionKit", "PushBusTestSupport"],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusDeliveryTests",
            dependencies: [
                "PushBusCore", "PushBusCategories", "PushBusHub", "PushBusStorage", "PushBusDelivery", "PushBusTesting",
                "PushBusTestSupport",
            ],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusLocalNotificationsTests",
            dependencies: [
                "PushBusCore", "PushBusHub", "PushBusLocalNotifications", "PushBusTesting", "PushBusTestSupport",
            ],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusAuthorizationTests",
            dependencies: ["PushBusCore", "PushBusCategories", "PushBusAuthorization", "PushBusTestSupport"],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusRoutingTests",
            dependencies: ["PushBus", "PushBusCore", "PushBusRouting", "PushBusTesting", "PushBusTestSupport"],
            swiftSettings: imports),
        .testTarget(
            name: "PushBusAppleTests",
            dependencies: [
                "PushBus", "PushBusApple", "PushBusAppleExtension", "PushBusRouting", "PushBusTestSupport",
                "PushBusWidgetExtension", stubs,
            ],
            swiftSettings: appleStubs + imports
        ),
        .testTarget(
            name: "PushBusAppleExtensionTests",
            dependencies: [
                "PushBus", "PushBusAppleExtension", "PushBusAppleServiceExtension",
                "PushBusNotificationServiceExtension", "PushBusTesting", "PushBusTestSupport", stubs,
            ],
            swiftSettings: appleStubs + imports
        ),
        .testTarget(
            name: "PushBusTestingTests",
            dependencies: ["PushBus", "PushBusValidation", "PushBusRouting", "PushBusTesting", "PushBusTestSupport"],
            swiftSettings: imports),
    ],
    swiftLanguageModes: [.v6]
)
