// swift-tools-version:6.2
// Two Notification Service Extensions as Linux executables: what an NSE links, measured (Docs/Performance.md,
// "Service-extension size"). Not part of the main package and not built by CI; `measure.sh` builds both release and
// stripped. `MinimalExtension` claims, rewrites and downloads attachments; `StorageExtension` also adds an inbox
// entry and a ledger receipt. PUSHBUS_ROOT points at the PushBus checkout to link (default: this repository), and
// each program links the products that layout offers for what it runs:
// - before the module split (main at a2ffcf5): the one `PushBus` module;
// - after the first split (main at c097d2a): PushBusCore, PushBusExtensions and (both programs) PushBusStorage;
// - after the second split: PushBusCore and PushBusServiceExtension, plus PushBusStorage and
//   PushBusServiceExtensionStorage for the ledger and the inbox;
// - now (one product per kind of target): PushBusServiceExtension (the pipeline, re-exporting Core) for the minimal
//   one, PushBusNotificationServiceExtension (the service extension's product: pipeline, storage steps, ledger,
//   inbox, and the extension-safe glue, against the Linux stubs here) for the one with storage.
import Foundation
import PackageDescription

let root = ProcessInfo.processInfo.environment["PUSHBUS_ROOT"] ?? "../.."
func product(_ name: String) -> Target.Dependency { .product(name: name, package: "PushBus") }
let minimal: [Target.Dependency]
let storage: [Target.Dependency]
if FileManager.default.fileExists(atPath: root + "/Sources/PushBusNotificationServiceExtension") {
    minimal = [product("PushBusServiceExtension")]
    storage = [product("PushBusNotificationServiceExtension")]
} else if FileManager.default.fileExists(atPath: root + "/Sources/PushBusServiceExtension") {
    minimal = [product("PushBusCore"), product("PushBusServiceExtension")]
    storage = minimal + [product("PushBusStorage"), product("PushBusServiceExtensionStorage")]
} else if FileManager.default.fileExists(atPath: root + "/Sources/PushBusExtensions") {
    minimal = [product("PushBusCore"), product("PushBusStorage"), product("PushBusExtensions")]
    storage = minimal
} else {
    minimal = [product("PushBus")]
    storage = minimal
}

let package = Package(
    name: "ExtensionSize",
    platforms: [.macOS(.v12)],
    dependencies: [.package(name: "PushBus", path: root)],
    targets: [
        .executableTarget(name: "MinimalExtension", dependencies: minimal),
        .executableTarget(name: "StorageExtension", dependencies: storage),
    ],
    swiftLanguageModes: [.v6]
)
