import ArgumentParser
import Foundation
import PushBusCore
import PushBusDelivery
import PushBusTesting

/// `pushbus check-app --info-plist Info.plist --entitlements App.entitlements …`: the preflight of an app's files.
struct CheckAppCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-app",
        abstract: "Check an app's Info.plist and entitlements against the notifications it sends and schedules.",
        discussion: """
            Reports, each with its fix: time-sensitive or critical notifications without the entitlement, critical \
            alerts never requested, aps-environment missing or not the one the app reports (from the entitlements \
            or the embedded provisioning profile), categories used but \
            not registered, silent pushes without the remote-notification background mode, a Notification \
            Service Extension in no App Group of the app. Exit status: 0 when nothing is found, 1 when something \
            is, 2 when a file cannot be read.
            """
    )

    @Option(name: .customLong("info-plist"), help: "The app's Info.plist (XML or binary).")
    var infoPlist: String?

    @Option(name: .long, help: "The app's .entitlements file.")
    var entitlements: String?

    @Option(name: .customLong("extension-entitlements"), help: "The Notification Service Extension's .entitlements.")
    var extensionEntitlements: String?

    @Option(name: .customLong("payload"), help: "A payload the server sends or content the app schedules (repeat).")
    var payloads: [String] = []

    @Option(name: .customLong("category"), help: "A category identifier the app registers (repeat for each).")
    var categories: [String] = []

    @Option(name: .customLong("reported-environment"), help: "The APNs environment the app reports to its server.")
    var reportedEnvironment: String?

    @Flag(name: .customLong("requests-critical-alerts"), help: "The app asks for authorization with .criticalAlert.")
    var requestsCriticalAlerts = false

    @Option(
        name: .customLong("provisioning-profile"),
        help: "The build's embedded.mobileprovision, or the .app bundle that holds it (aps-environment is read).")
    var provisioningProfile: String?

    func run() throws {
        var configuration: AppConfiguration
        var extensionGroups: Set<String>?
        var contents: [PushContent] = []
        do {
            configuration = try AppConfiguration(
                infoPlist: try infoPlist.map { try read($0) }, entitlements: try entitlements.map { try read($0) })
            configuration.provisioningProfile = try provisioningProfile.flatMap(Self.profile(at:))
            extensionGroups = try extensionEntitlements.map { try AppConfiguration.appGroups(ofEntitlements: read($0)) }
            for payload in payloads { contents.append(PushContent(json: try read(payload))) }
        } catch let failure as Failure {
            print(failure.message)
            throw ExitCode(2)
        } catch {
            print("\(error)")
            throw ExitCode(2)
        }
        let findings = DeliveryDiagnostics.preflight(
            configuration, payloads: contents, registeredCategories: categories.isEmpty ? nil : Set(categories),
            reportedAPNsEnvironment: reportedEnvironment, isCriticalAlertRequested: requestsCriticalAlerts,
            serviceExtensionAppGroups: extensionGroups)
        for finding in findings {
            print("\(finding.code): \(finding.message)")
            if !finding.fix.isEmpty { print("  fix: \(finding.fix)") }
        }
        if !findings.isEmpty { throw ExitCode(1) }
        print("no problems found")
    }

    /// The profile at `path`, or inside the app bundle at `path`; `nil` (said on standard output) when the bundle
    /// has none, as App Store builds.
    static func profile(at path: String) throws -> ProvisioningProfile? {
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        guard exists, isDirectory.boolValue else {
            return try ProvisioningProfile(contentsOf: URL(fileURLWithPath: path))
        }
        let url = URL(fileURLWithPath: path).appendingPathComponent(ProvisioningProfile.fileName)
        guard FileManager.default.fileExists(atPath: url.path) else {
            print("no \(ProvisioningProfile.fileName) in \(path): an App Store build (aps-environment production)")
            return nil
        }
        return try ProvisioningProfile(contentsOf: url)
    }

    private struct Failure: Error {
        var message: String
    }

    private func read(_ path: String) throws -> Data {
        do {
            return try InputFile.read(path, limit: InputFile.payloadLimit)
        } catch {
            throw Failure(message: error.message(for: path))
        }
    }
}
