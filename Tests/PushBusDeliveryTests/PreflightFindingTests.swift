import Foundation
import PushBusCore
import PushBusDelivery
import PushBusHub
import Testing

/// The preflight: each misconfiguration of the build's Info.plist and entitlements against what the app does is
/// one typed finding with its fix, and a correct setup has none.
@Suite struct PreflightFindingTests {
    static func plist(_ body: String) -> Data {
        Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>\(body)</dict></plist>
            """.utf8)
    }

    static let info = plist(
        "<key>UIBackgroundModes</key><array><string>remote-notification</string></array>"
            + "<key>UIApplicationSceneManifest</key><dict/>")
    static let entitlements = plist(
        "<key>aps-environment</key><string>production</string>"
            + "<key>com.apple.security.application-groups</key><array><string>group.app</string></array>"
            + "<key>com.apple.developer.usernotifications.time-sensitive</key><true/>"
            + "<key>com.apple.developer.usernotifications.critical-alerts</key><true/>")

    func codes(
        info: Data = info, entitlements: Data = entitlements, payloads: [String] = [],
        categories: Set<String>? = nil, reported: String? = "production", critical: Bool = true,
        extensionGroups: Set<String>? = ["group.app"]
    ) throws -> [String] {
        let configuration = try AppConfiguration(infoPlist: info, entitlements: entitlements)
        return DeliveryDiagnostics.preflight(
            configuration, payloads: payloads.map { PushContent(json: Data($0.utf8)) },
            registeredCategories: categories, reportedAPNsEnvironment: reported, isCriticalAlertRequested: critical,
            serviceExtensionAppGroups: extensionGroups
        ).map(\.code)
    }

    @Test func aCorrectSetupHasNoFinding() throws {
        #expect(
            try codes(
                payloads: [
                    #"{"aps":{"alert":"x","interruption-level":"time-sensitive","category":"A"}}"#,
                    #"{"aps":{"alert":"x","interruption-level":"critical"}}"#, #"{"aps":{"content-available":1}}"#,
                ], categories: ["A"]) == [])
    }

    @Test func timeSensitiveWithoutTheEntitlement() throws {
        let bare = Self.plist("<key>aps-environment</key><string>production</string>")
        let found = try codes(
            entitlements: bare, payloads: [#"{"aps":{"alert":"x","interruption-level":"time-sensitive"}}"#],
            extensionGroups: nil)
        #expect(found == ["entitlement.timeSensitive.missing"])
    }

    @Test func criticalWithoutTheEntitlementOrTheRequest() throws {
        let bare = Self.plist("<key>aps-environment</key><string>production</string>")
        let critical = [#"{"aps":{"alert":"x","sound":{"critical":1,"name":"a.caf","volume":1}}}"#]
        #expect(
            try codes(entitlements: bare, payloads: critical, extensionGroups: nil) == [
                "entitlement.critical.missing"
            ])
        #expect(try codes(payloads: critical, critical: false) == ["authorization.critical.notRequested"])
    }

    @Test func apsEnvironmentMissingOrNotTheOneReported() throws {
        #expect(try codes(reported: "development") == ["apsEnvironment.mismatch"])
        let none = Self.plist(
            "<key>com.apple.security.application-groups</key><array><string>group.app</string></array>")
        #expect(try codes(entitlements: none) == ["apsEnvironment.missing"])
    }

    @Test func categoriesUsedButNotRegistered() throws {
        let found = try codes(payloads: [#"{"aps":{"alert":"x","category":"ORDER"}}"#], categories: ["CHAT"])
        #expect(found == ["category.undeclared"])
    }

    @Test func silentPushesWithoutTheBackgroundMode() throws {
        let found = try codes(
            info: Self.plist("<key>UIBackgroundModes</key><array><string>fetch</string></array>"),
            payloads: [#"{"aps":{"content-available":1}}"#])
        #expect(found == ["backgroundMode.remoteNotification.missing"])
    }

    @Test func aServiceExtensionOutsideTheAppsAppGroup() throws {
        #expect(try codes(extensionGroups: ["group.other"]) == ["serviceExtension.appGroup.mismatch"])
        #expect(try codes(extensionGroups: []) == ["serviceExtension.appGroup.mismatch"])
    }

    @Test func aSceneAppThatDoesNotForwardConnectionOptionsAtRunTime() throws {
        let center = PushCenter()
        let delivery = PushDelivery(center: center)
        let adapter = UserNotificationAdapter(delivery: delivery)
        let configuration = try AppConfiguration(infoPlist: Self.info, entitlements: nil)
        delivery.recordDiagnostics { $0.appConfiguration = configuration }
        AppDelegateAdapter(delivery: delivery).applicationDidBecomeActive()  // launch is over
        #expect(delivery.deliveryDiagnostics.preflightFindings.map(\.code) == ["scene.connectionOptions.notForwarded"])
        adapter.sceneWillConnect(notificationResponse: nil)  // connectionOptions handed over, no tap in them
        #expect(delivery.deliveryDiagnostics.preflightFindings.isEmpty)
    }

    @Test func postedSilentAndTimeSensitiveMessagesAreRecorded() throws {
        let center = PushCenter()
        let delivery = PushDelivery(center: center)
        let adapter = AppDelegateAdapter(delivery: delivery)
        let configuration = try AppConfiguration(infoPlist: Self.plist(""), entitlements: Self.plist(""))
        delivery.recordDiagnostics { $0.appConfiguration = configuration }
        adapter.didReceiveRemoteNotification(["aps": ["content-available": 1]], appState: .background)
        adapter.didReceiveRemoteNotification(
            ["aps": ["alert": "x", "interruption-level": "time-sensitive"]], appState: .active)
        let findings = delivery.deliveryDiagnostics.preflightFindings
        #expect(
            findings.map(\.code) == [
                "entitlement.timeSensitive.missing", "apsEnvironment.missing",
                "backgroundMode.remoteNotification.missing",
            ])
        #expect(findings.allSatisfy { !$0.fix.isEmpty && $0.description.contains("Fix: ") })
    }
}
