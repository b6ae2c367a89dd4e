package import Foundation

/// What an app's build says about notifications: the `Info.plist` keys and entitlements the preflight checks
/// (`PushBusApp.diagnose()`, `pushbus check-app`).
///
/// ```swift
/// let configuration = try AppConfiguration(
///     infoPlist: Data(contentsOf: infoPlistURL), entitlements: Data(contentsOf: entitlementsURL))
/// ```
///
/// At run time the Apple glue builds it from the running app (`PushBusApp.recordBuildConfiguration(…)`).
package struct AppConfiguration: Sendable, Hashable {
    /// `UIBackgroundModes` (`remote-notification`, `fetch`, …).
    package var backgroundModes: Set<String> = []
    /// A Boolean value indicating whether the Info.plist declares scenes (`UIApplicationSceneManifest`).
    package var usesScenes = false
    /// `aps-environment` of the entitlements (the provisioning profile's): `development` or `production`;
    /// `nil` when the build has no push entitlement.
    package var apsEnvironment: String?
    /// `com.apple.security.application-groups`.
    package var appGroups: Set<String> = []
    /// `com.apple.developer.usernotifications.time-sensitive`.
    package var hasTimeSensitiveEntitlement = false
    /// `com.apple.developer.usernotifications.critical-alerts`.
    package var hasCriticalAlertEntitlement = false
    /// A Boolean value indicating whether entitlements were given (without them, entitlement checks are skipped).
    package var areEntitlementsKnown = false
    /// The embedded provisioning profile, when one was read; `nil` when none was given or the build has none
    /// (App Store builds), and then nothing is checked against it.
    package var provisioningProfile: ProvisioningProfile?

    package init() {}

    /// Reads an `Info.plist` and an `.entitlements` file (XML or binary property lists); either may be `nil`.
    ///
    /// - Throws: ``ReadError`` naming the file that is not a property-list dictionary.
    package init(infoPlist: Data?, entitlements: Data?) throws(ReadError) {
        if let infoPlist { readInfo(try Self.dictionary(infoPlist, file: "Info.plist")) }
        if let entitlements {
            let values = try Self.dictionary(entitlements, file: "entitlements")
            areEntitlementsKnown = true
            apsEnvironment = values["aps-environment"] as? String
            appGroups = Set(values["com.apple.security.application-groups"] as? [String] ?? [])
            hasTimeSensitiveEntitlement =
                values["com.apple.developer.usernotifications.time-sensitive"] as? Bool ?? false
            hasCriticalAlertEntitlement =
                values["com.apple.developer.usernotifications.critical-alerts"] as? Bool ?? false
        }
    }

    /// Reads the running app's Info.plist (`Bundle.main.infoDictionary`); entitlements stay unknown.
    package init(infoDictionary: [String: Any]) {
        readInfo(infoDictionary)
    }

    private mutating func readInfo(_ info: [String: Any]) {
        backgroundModes = Set(info["UIBackgroundModes"] as? [String] ?? [])
        usesScenes = info["UIApplicationSceneManifest"] is [String: Any]
    }

    /// The App Groups of an extension's `.entitlements` file.
    ///
    /// - Throws: ``ReadError``.
    package static func appGroups(ofEntitlements data: Data) throws(ReadError) -> Set<String> {
        Set(
            try dictionary(data, file: "extension entitlements")["com.apple.security.application-groups"] as? [String]
                ?? [])
    }

    /// Why a file could not be read (the error ``ProvisioningProfile`` throws too).
    package typealias ReadError = ProvisioningProfile.ReadError

    private static func dictionary(_ data: Data, file: String) throws(ReadError) -> [String: Any] {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw ReadError(file: file, reason: String(describing: error))
        }
        guard let dictionary = object as? [String: Any] else { throw ReadError(file: file, reason: "not a dictionary") }
        return dictionary
    }
}
