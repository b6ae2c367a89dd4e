import ArgumentParser
import Foundation
import PushBusCategories
import PushBusContentExtensionKit
import PushBusTesting

/// `pushbus check-extension Info.plist --category ID…`: does a Notification Content Extension's plist match the
/// categories the app registers?
struct CheckExtensionCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check-extension",
        abstract: "Check a Notification Content Extension's Info.plist against the app's categories.",
        discussion: """
            Reads UNNotificationExtensionCategory (a string or an array), \
            UNNotificationExtensionUserInteractionEnabled and UNNotificationExtensionDefaultContentHidden. \
            Exit status: 0 when it matches (warnings allowed), 1 when it has an error, 2 when the plist cannot be read.
            """
    )

    @Argument(help: "The extension's Info.plist (XML or binary).")
    var plist: String

    @Option(name: .customLong("category"), help: "A category identifier the app registers (repeat for each).")
    var categories: [String] = []

    @Flag(name: .long, help: "The extension's UI has controls: a disabled interaction is an error.")
    var interactive = false

    func run() throws {
        let info: ContentExtensionInfo
        do {
            let data = try InputFile.read(plist, limit: InputFile.payloadLimit)  // a file, a pipe, or `-`
            info = try ContentExtensionInfo(plist: data)
        } catch let failure as InputFile.Failure {
            print(failure.message(for: plist))
            throw ExitCode(2)
        } catch {
            print("\(plist): \(error)")
            throw ExitCode(2)
        }
        let registry: CategoryRegistry
        do {
            registry = try CategoryRegistry(categories.map { PushCategory($0) {} })
        } catch {
            print("--category: \(error)")
            throw ExitCode(2)
        }
        let findings = info.check(against: registry, requiresInteraction: interactive)
        print("\(plist): categories \(info.categories.joined(separator: ", "))")
        for finding in findings { print("  \(finding)") }
        if findings.contains(where: { $0.severity == .error }) { throw ExitCode(1) }
        print("  matches the app's categories")
    }
}
