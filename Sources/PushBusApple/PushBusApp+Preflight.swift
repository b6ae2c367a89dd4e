// Gives PushBusApp.diagnose() the build's Info.plist and what the app reports, for the preflight findings.
#if canImport(UIKit) && os(iOS)
import UIKit
#elseif PUSHBUS_APPLE_STUBS
import PushBusAppleStubs
#endif
#if (canImport(UIKit) && os(iOS)) || PUSHBUS_APPLE_STUBS
public import Foundation
import PushBusDelivery
public import PushBusHub

extension PushBusApp {
    /// Records what the preflight in ``diagnose(center:notificationCenter:)`` checks: the running build's
    /// Info.plist (background modes, scene manifest), the entitlements when the app has them (iOS does not expose
    /// them at run time: pass the `.entitlements` file's bytes from a debug build, or let `pushbus check-app` check
    /// the files), the APNs environment the app reports to its server, whether it asked for critical alerts, and
    /// its service extension's App Groups.
    ///
    /// ```swift
    /// PushBusApp.recordBuildConfiguration(reportedAPNsEnvironment: "production", requestsCriticalAlerts: false)
    /// let findings = await PushBusApp.diagnose()   // each finding: message and fix
    /// ```
    public static func recordBuildConfiguration(
        infoDictionary: [String: Any]? = Bundle.main.infoDictionary, entitlements: Data? = nil,
        reportedAPNsEnvironment: String? = nil, requestsCriticalAlerts: Bool = false,
        serviceExtensionAppGroups: Set<String>? = nil, center: PushCenter? = nil
    ) {
        var configuration = AppConfiguration(infoDictionary: infoDictionary ?? [:])
        if let entitlements, let read = try? AppConfiguration(infoPlist: nil, entitlements: entitlements) {
            configuration.apsEnvironment = read.apsEnvironment
            configuration.appGroups = read.appGroups
            configuration.hasTimeSensitiveEntitlement = read.hasTimeSensitiveEntitlement
            configuration.hasCriticalAlertEntitlement = read.hasCriticalAlertEntitlement
            configuration.areEntitlementsKnown = true
        }
        delivery(for: center).recordDiagnostics { facts in
            facts.appConfiguration = configuration
            facts.reportedAPNsEnvironment = reportedAPNsEnvironment ?? facts.reportedAPNsEnvironment
            facts.isCriticalAlertRequested = facts.isCriticalAlertRequested || requestsCriticalAlerts
            facts.serviceExtensionAppGroups = serviceExtensionAppGroups ?? facts.serviceExtensionAppGroups
        }
    }
}
#endif
