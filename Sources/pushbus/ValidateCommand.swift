import ArgumentParser
import Foundation
import PushBus
import PushBusTesting

/// `pushbus validate FILE… | -`: the validator's diagnostics and the normalized message for each payload.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check APNs payloads and show the message PushBus would deliver for each.",
        discussion: """
            Exit status: 0 when every payload is clean (warnings allowed), 1 when any has an error \
            (including text that is not JSON), 2 when an input cannot be read (missing, closed, or larger \
            than 1 MiB: APNs payloads are at most 4 KB).
            """
    )

    @Argument(help: "JSON payload files; '-' reads standard input.")
    var files: [String]

    @Flag(name: .long, help: "Print one JSON array of reports instead of text.")
    var json = false

    @Option(
        name: .long,
        help: "The apns-push-type the payload is sent with: \(PushType.all.map(\.rawValue).joined(separator: ", ")).")
    var pushType: String = PushType.alert.rawValue

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one file, or '-' for standard input.") }
        guard PushType.all.contains(where: { $0.rawValue == pushType }) else {
            throw ValidationError("Unknown push type '\(pushType)'.")
        }
    }

    func run() throws {
        let type = PushType.all.first { $0.rawValue == pushType } ?? .alert
        let reports = files.map { file in ValidateCommand.report(for: file, pushType: type) }
        if json {
            print(
                PushValue.array(reports.map { report in Self.json(report, pushType: type) }).jsonString(
                    prettyPrinted: true))
        } else {
            print(reports.map(\.text).joined(separator: "\n"), terminator: "")
            if let suffix = type.topicSuffix {
                print("send with apns-push-type: \(type.rawValue) and apns-topic: <bundle-id>\(suffix)")
            }
        }
        let status = PayloadReport.status(of: reports)
        if status != .clean { throw ExitCode(status.rawValue) }
    }

    /// The report as JSON, with the APNs headers the push type needs (`apnsPushType`, and `apnsTopicSuffix` for
    /// types whose topic is the bundle id plus a suffix, such as `.push-type.liveactivity`).
    static func json(_ report: PayloadReport, pushType: PushType) -> PushValue {
        guard case .object(var object) = report.json else { return report.json }
        object["apnsPushType"] = .string(pushType.rawValue)
        if let suffix = pushType.topicSuffix { object["apnsTopicSuffix"] = .string(suffix) }
        return .object(object)
    }

    static func report(for file: String, pushType: PushType) -> PayloadReport {
        do {
            let data = try InputFile.read(file, limit: InputFile.payloadLimit)
            return PayloadReport(source: file, data: data, pushType: pushType)
        } catch {
            return PayloadReport(source: file, readFailure: error.description)
        }
    }
}
