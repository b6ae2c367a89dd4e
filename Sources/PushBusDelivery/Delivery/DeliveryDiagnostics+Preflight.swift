package import PushBusCore

/// The preflight: what the build's Info.plist and entitlements (`appConfiguration`) say
/// against what the app does. Each finding names the fix.
extension DeliveryDiagnostics {
    /// The preflight's findings (part of `findings`); empty without an `appConfiguration` except for the
    /// facts the app alone decides (critical-alert authorization).
    package var preflightFindings: [Finding] {
        var findings: [Finding] = []
        let configuration = appConfiguration
        let entitlements = configuration?.areEntitlementsKnown == true ? configuration : nil
        if let entitlements, interruptionLevelsInUse.contains(.timeSensitive), !entitlements.hasTimeSensitiveEntitlement
        {
            findings.append(
                Finding(
                    code: "entitlement.timeSensitive.missing",
                    message: "Notifications use interruption-level time-sensitive, but the app lacks the "
                        + "Time Sensitive Notifications entitlement: iOS delivers them as active (no breakthrough of "
                        + "Focus or scheduled summary).",
                    fix: "Add the Time Sensitive Notifications capability "
                        + "(com.apple.developer.usernotifications.time-sensitive = true) to the app target."))
        }
        if interruptionLevelsInUse.contains(.critical) {
            if let entitlements, !entitlements.hasCriticalAlertEntitlement {
                findings.append(
                    Finding(
                        code: "entitlement.critical.missing",
                        message: "Notifications are critical alerts (interruption-level critical or a critical "
                            + "sound), but the app lacks the Critical Alerts entitlement: iOS plays them as ordinary "
                            + "notifications, muted by the ringer switch and Focus.",
                        fix: "Request the entitlement from Apple, then add "
                            + "com.apple.developer.usernotifications.critical-alerts = true to the app target."))
            }
            if !isCriticalAlertRequested {
                findings.append(
                    Finding(
                        code: "authorization.critical.notRequested",
                        message: "Notifications are critical alerts, but authorization was not requested with the "
                            + "critical-alert option: the user was never asked, so they are not delivered as "
                            + "critical.",
                        fix: "Include .criticalAlert in the options of registerForNotifications / "
                            + "requestAuthorization."))
            }
        }
        if let entitlements {
            if entitlements.apsEnvironment == nil {
                findings.append(
                    Finding(
                        code: "apsEnvironment.missing",
                        message: "The entitlements have no aps-environment: the app cannot register for remote "
                            + "notifications.",
                        fix: "Add the Push Notifications capability to the app target (and a provisioning profile "
                            + "that has it)."))
            } else if let reported = reportedAPNsEnvironment, reported != entitlements.apsEnvironment {
                findings.append(
                    Finding(
                        code: "apsEnvironment.mismatch",
                        message: "The build's aps-environment is \(entitlements.apsEnvironment ?? "") but the app "
                            + "reports its token as \(reported): the server sends to the wrong APNs host and gets "
                            + "BadDeviceToken.",
                        fix: "Report the environment of the build (development for debug and development-signed "
                            + "builds, production for TestFlight and the App Store), or read it from the embedded "
                            + "provisioning profile."))
            }
        }
        findings += profileFindings(entitlements: entitlements)
        if let configuration {
            if configuration.usesScenes, isLaunchOver, !isSceneConnectionForwarded {
                findings.append(
                    Finding(
                        code: "scene.connectionOptions.notForwarded",
                        message: "The app uses scenes (UIApplicationSceneManifest) but did not hand the scene's "
                            + "connection options to PushBus: a tap that launches the app arrives only in "
                            + "connectionOptions.notificationResponse (launch options are empty with scenes) and is "
                            + "lost.",
                        fix: "In scene(_:willConnectTo:options:), call "
                            + "PushBusApp.delegate?.adapter.scene(willConnectWith: connectionOptions)."))
            }
            if isSilentPushUsed, !configuration.backgroundModes.contains("remote-notification") {
                findings.append(
                    Finding(
                        code: "backgroundMode.remoteNotification.missing",
                        message: "Silent pushes (content-available) are used, but UIBackgroundModes lacks "
                            + "remote-notification: iOS does not wake the app for them in the background.",
                        fix: "Enable Background Modes → Remote notifications (UIBackgroundModes: "
                            + "remote-notification in Info.plist)."))
            }
        }
        if let entitlements, let extensionGroups = serviceExtensionAppGroups,
            entitlements.appGroups.isDisjoint(with: extensionGroups)
        {
            let app = entitlements.appGroups.sorted().joined(separator: ", ")
            let nse = extensionGroups.sorted().joined(separator: ", ")
            findings.append(
                Finding(
                    code: "serviceExtension.appGroup.mismatch",
                    message: "The Notification Service Extension shares no App Group with the app (app: "
                        + "\(app.isEmpty ? "none" : app); extension: \(nse.isEmpty ? "none" : nse)): the delivery "
                        + "ledger, inbox and shared values it writes never reach the app.",
                    fix: "Add the same App Group to both targets and open the ledger in that container."))
        }
        return findings
    }
}

extension DeliveryDiagnostics {
    /// The embedded provisioning profile's `aps-environment` against the entitlements file and what the app
    /// reports to its server.
    private func profileFindings(entitlements: AppConfiguration?) -> [Finding] {
        guard let profile = appConfiguration?.provisioningProfile else { return [] }
        guard let signed = profile.apsEnvironment else {
            return [
                Finding(
                    code: "provisioningProfile.apsEnvironment.missing",
                    message: "The embedded provisioning profile\(profile.quotedName) has no aps-environment: the App "
                        + "ID lacks Push Notifications, so the app gets no device token.",
                    fix: "Enable Push Notifications for the App ID in the developer portal, then download (or let "
                        + "Xcode regenerate) the profile and rebuild.")
            ]
        }
        var findings: [Finding] = []
        if let declared = entitlements?.apsEnvironment, declared != signed {
            findings.append(
                Finding(
                    code: "provisioningProfile.entitlements.mismatch",
                    message: "The entitlements file says aps-environment \(declared) but the build is signed with a "
                        + "provisioning profile\(profile.quotedName) for \(signed): the token belongs to the "
                        + "profile's environment.",
                    fix: "Sign with a profile of the environment you mean (development profiles for debug builds, "
                        + "distribution profiles for TestFlight and the App Store), or correct the entitlements."))
        }
        // The entitlements' own finding already names a reported environment that differs from both.
        let isReportedChecked = entitlements?.apsEnvironment == signed
        if let reported = reportedAPNsEnvironment, reported != signed, !isReportedChecked {
            findings.append(
                Finding(
                    code: "provisioningProfile.apsEnvironment.mismatch",
                    message: "The embedded provisioning profile\(profile.quotedName) signs the build for "
                        + "aps-environment \(signed) but the app reports its token as \(reported): the server sends "
                        + "to the wrong APNs host and gets BadDeviceToken.",
                    fix: "Report the profile's environment with the token (ProvisioningProfile.embedded(in: .main); "
                        + "no profile: an App Store build, production)."))
        }
        return findings
    }

    /// The preflight of an app's files, without running it (`pushbus check-app`): the payloads it sends or the
    /// content it schedules, against its Info.plist and entitlements.
    package static func preflight(
        _ configuration: AppConfiguration, payloads: [PushContent], registeredCategories: Set<String>?,
        reportedAPNsEnvironment: String?, isCriticalAlertRequested: Bool, serviceExtensionAppGroups: Set<String>?
    ) -> [Finding] {
        var facts = DeliveryDiagnostics()
        facts.appConfiguration = configuration
        facts.reportedAPNsEnvironment = reportedAPNsEnvironment
        facts.isCriticalAlertRequested = isCriticalAlertRequested
        facts.serviceExtensionAppGroups = serviceExtensionAppGroups
        for content in payloads {
            if let category = content.categoryIdentifier { facts.categoriesInUse.insert(category) }
            if PushMessage(kind: .remote, content: content).isSilent { facts.isSilentPushUsed = true }
            if let level = content.interruptionLevel, level == .timeSensitive || level == .critical {
                facts.interruptionLevelsInUse.insert(level)
            }
            if content.sound?.isCritical == true { facts.interruptionLevelsInUse.insert(.critical) }
        }
        var findings = facts.preflightFindings
        if let registeredCategories {
            facts.registeredCategoryIdentifiers = registeredCategories
            findings += facts.findings.filter { $0.code == "category.undeclared" }
        }
        return findings
    }
}

extension ProvisioningProfile {
    /// ` "Name"` for messages, or nothing.
    fileprivate var quotedName: String { name.map { " \"\($0)\"" } ?? "" }
}
