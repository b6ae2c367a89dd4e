#if PUSHBUS_APPLE_STUBS
import Foundation
import PushBus
import PushBusApple
import PushBusAppleExtension
import PushBusAppleStubs
import PushBusTestSupport
import Testing

/// The widget extension's push handlers record the control (iOS 18) and widget (iOS 26) push tokens WidgetKit hands
/// them in the App Group's token registry, reporting only what changed; the app's registry on the same App Group
/// learns them at its next foreground and never writes over them.
@MainActor @Suite(.serialized, .timeLimit(.minutes(1))) struct WidgetPushTokenGlueTests {
    /// A fresh App Group per test (the stub container is a real directory under the temporary directory).
    private static func withAppGroup(_ body: (String) async throws -> Void) async throws {
        let group = "group.test.widget-tokens.\(UUID().uuidString)"
        defer {
            if let container = FileManager.default.containerURL(forSecurityApplicationGroupIdentifier: group) {
                try? FileManager.default.removeItem(at: container)
            }
        }
        try await body(group)
    }

    private static func control(_ kind: String, _ token: [UInt8]?) -> ControlInfo {
        ControlInfo(stubKind: kind, pushInfo: token.map { ControlPushInfo(stubToken: Data($0)) })
    }

    @Test func everyControlsTokenIsRecordedUnderItsKindAndOnlyChangesAreReported() async throws {
        try await Self.withAppGroup { group in
            let registry = try PushTokenRegistry(appGroup: group)
            let first = try registry.update(controls: [
                Self.control("garage", [0xAB, 0x01]), Self.control("light", [0x0C]),
            ])
            #expect(first.map(\.key) == [.controls(kind: "garage"), .controls(kind: "light")])
            #expect(first.map(\.value) == ["ab01", "0c"])
            for change in first { try registry.markReported(change) }

            // WidgetKit lists every control each time, also when only one token changed.
            #expect(
                try registry.update(controls: [Self.control("garage", [0xAB, 0x01]), Self.control("light", [0x0C])])
                    == [])
            let rotated = try registry.update(controls: [
                Self.control("garage", [0xAB, 0x02]), Self.control("light", [0x0C]),
            ])
            #expect(rotated.map(\.key) == [.controls(kind: "garage")])
            #expect(rotated.map(\.value) == ["ab02"])
        }
    }

    @Test func aControlNoLongerListedOrWithoutPushInfoIsRemoved() async throws {
        try await Self.withAppGroup { group in
            let registry = try PushTokenRegistry(appGroup: group)
            try registry.update(
                controls: [Self.control("garage", [1]), Self.control("light", [2]), Self.control("lock", [3])])
            for change in registry.pendingChanges() { try registry.markReported(change) }

            // The light was removed from Control Center; the lock lost its push information.
            let changes = try registry.update(controls: [Self.control("garage", [1]), Self.control("lock", nil)])
            #expect(changes.map(\.key) == [.controls(kind: "light"), .controls(kind: "lock")])
            #expect(changes.map(\.value) == [nil, nil])
            #expect(registry.tokens() == [.controls(kind: "garage"): "01"])
            for change in changes { try registry.markReported(change) }
            // Other kinds of token are not the controls' to remove.
            try registry.update(.device, to: "0a0b")
            #expect(try registry.update(controls: []).map(\.key) == [.controls(kind: "garage")])
            #expect(registry.tokens() == [.device: "0a0b"])
        }
    }

    @Test func theWidgetTokenIsRecordedAndRemovedWithTheLastWidget() async throws {
        try await Self.withAppGroup { group in
            let registry = try PushTokenRegistry(appGroup: group)
            let info = WidgetPushInfo(stubToken: Data([0xFE, 0x01]))
            let change = try #require(try registry.update(info, widgets: [WidgetInfo(stubKind: "scores")]))
            #expect(change.key == .widgets && change.value == "fe01")
            try registry.markReported(change)
            #expect(try registry.update(info, widgets: [WidgetInfo(stubKind: "scores")]) == nil)
            let removed = try registry.update(info, widgets: [])
            #expect(removed?.key == .widgets && removed?.value == nil)
        }
    }

    @Test func theAppsRegistryLearnsTheExtensionsTokensAtTheNextForegroundAndKeepsThem() async throws {
        try await Self.withAppGroup { group in
            // The app: its registry on the App Group, reporting to its server.
            let center = PushCenter()
            let app = try PushTokenRegistry(appGroup: group)
            let learned = Recorder<String>()
            PushBusApp.reportTokens(to: app, center: center) { changes in
                for change in changes where (try? app.markReported(change)) != nil {
                    learned.record("\(change.key) \(change.value ?? "removed")")
                }
            }
            defer { PushBusApp.stopReportingTokens() }

            // The widget extension's handler, in its own process: a registry of its own on the same file.
            struct Handler: ControlPushHandler {
                let group: String
                func pushTokensDidChange(controls: [ControlInfo]) {
                    _ = try? PushTokenRegistry(appGroup: group).update(controls: controls)
                }
            }
            Handler(group: group).pushTokensDidChange(controls: [Self.control("garage", [0x5A])])
            #expect(learned.values == [])  // the app is not told until it reads the file again

            NotificationCenter.default.post(name: UIApplication.willEnterForegroundNotification, object: nil)
            try await learned.wait(for: "the control token") { $0.contains("controls garage 5a") }

            // A second control appears while the app runs; the app records its device token: the write reads the
            // file first, so the extension's tokens stay, and the new one is reported with the device token.
            Handler(group: group).pushTokensDidChange(controls: [
                Self.control("garage", [0x5A]), Self.control("light", [7]),
            ])
            AppDelegateAdapter(center: center).didRegisterForRemoteNotifications(deviceToken: Data([1, 2]))
            try await learned.wait(for: "the device token") { $0.count == 3 }
            #expect(Set(learned.values) == ["controls garage 5a", "controls light 07", "device 0102"])
            #expect(
                try PushTokenRegistry(appGroup: group).tokens() == [
                    .controls(kind: "garage"): "5a", .controls(kind: "light"): "07", .device: "0102",
                ])
        }
    }
}
#endif
