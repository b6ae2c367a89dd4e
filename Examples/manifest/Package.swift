// swift-tools-version:6.2
import PackageDescription

let package = Package(
    name: "MyApp",
    platforms: [.iOS(.v15)],
    dependencies: [
        .package(url: "https://github.com/your-org/PushBus.git", from: "0.1.0"),
    ],
    targets: [
        // the app: `import PushBusApple` (UIKit / UserNotifications glue, the router, the inbox, everything else)
        .target(name: "MyApp", dependencies: [.product(name: "PushBusApple", package: "PushBus")]),
        // optional: your Notification Service Extension (rich media, decryption, receipts, the inbox entry)
        .target(name: "MyNotificationService", dependencies: [
            .product(name: "PushBusNotificationServiceExtension", package: "PushBus"),  // extension-safe, no hub
        ]),
        // optional: your Notification Content Extension (the expanded view's answers)
        .target(name: "MyNotificationContent", dependencies: [
            .product(name: "PushBusNotificationContentExtension", package: "PushBus"),  // extension-safe, no hub
        ]),
        // optional: your widget extension, where WidgetKit hands over control and widget push tokens (iOS 18 / 26)
        .target(name: "MyWidgets", dependencies: [
            .product(name: "PushBusWidgetExtension", package: "PushBus"),  // extension-safe, no hub
        ]),
        .testTarget(name: "MyAppTests", dependencies: ["MyApp", .product(name: "PushBusTesting", package: "PushBus")]),
    ]
)
