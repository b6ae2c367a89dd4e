// swift-tools-version:6.2
// A minimal Notification Service Extension as a Linux executable: what an NSE links, measured (Docs/Performance.md,
// "Service-extension size"). Not part of the main package and not built by CI; `measure.sh` builds it release and
// stripped. PUSHBUS_ROOT points at the PushBus checkout to link (default: this repository): before the module split
// that package has one `PushBus` product, after it the NSE links only PushBusExtensions and what it depends on.
import Foundation
import PackageDescription

let root = ProcessInfo.processInfo.environment["PUSHBUS_ROOT"] ?? "../.."
let isSplit = FileManager.default.fileExists(atPath: root + "/Sources/PushBusExtensions")
let products: [Target.Dependency] =
    isSplit
    ? [
        .product(name: "PushBusCore", package: "PushBus"), .product(name: "PushBusStorage", package: "PushBus"),
        .product(name: "PushBusExtensions", package: "PushBus"),
    ]
    : [.product(name: "PushBus", package: "PushBus")]

let package = Package(
    name: "ExtensionSize",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "PushBus", path: root)],
    targets: [.executableTarget(name: "ExtensionSize", dependencies: products)],
    swiftLanguageModes: [.v6]
)
