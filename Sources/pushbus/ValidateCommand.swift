import ArgumentParser
import Foundation
import PushBusCore
import PushBusTesting
import PushBusValidation

/// `pushbus validate FILE… | -`: the validator's diagnostics and the normalized message for each payload.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check APNs payloads and show the message PushBus would deliver for each.",
        discussion: """
            Exit status: 0 when every payload is clean (warnings allowed), 1 when any has an error \
            (including text that is not JSON), 2 when an input cannot be read (missing, closed, or larger \
            than 1 MiB: APNs payloads are at most 4 KB). With --device-token, --topic, --priority, --expiration \
            or --collapse-id the request headers of a push to one device are checked too; with --channel-id, those \
            of a broadcast.
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

    @Option(
        name: .long,
        help: "Validate as a broadcast to this channel (apns-channel-id, iOS 18 Live Activities): update or end only.")
    var channelId: String?

    @Option(name: .long, help: "The apns-priority header (10, 5 or 1).")
    var priority: Int?

    @Option(name: .long, help: "The apns-expiration header (seconds since 1970, or 0).")
    var expiration: Int?

    @Option(
        name: .long,
        help: "The device token (or Live Activity, widget or control push token) the push is sent to, in hexadecimal.")
    var deviceToken: String?

    @Option(name: .long, help: "The apns-topic header: the bundle id plus the push type's suffix.")
    var topic: String?

    @Option(name: .long, help: "The apns-collapse-id header (at most 64 bytes).")
    var collapseId: String?

    func validate() throws {
        guard !files.isEmpty else { throw ValidationError("Give at least one file, or '-' for standard input.") }
        guard PushType.all.contains(where: { $0.rawValue == pushType }) else {
            throw ValidationError("Unknown push type '\(pushType)'.")
        }
        if channelId != nil, deviceToken != nil || topic != nil || collapseId != nil {
            throw ValidationError(
                "A broadcast names its channel, not a device or a topic: --device-token, --topic and --collapse-id "
                    + "are for pushes to one device.")
        }
    }

    /// The headers of a push to one device, when any was given (without `--channel-id`).
    func requestHeaders(pushType: PushType) -> PayloadValidator.RequestHeaders? {
        guard channelId == nil,
            deviceToken != nil || topic != nil || priority != nil || expiration != nil || collapseId != nil
        else { return nil }
        return PayloadValidator.RequestHeaders(
            deviceToken: deviceToken, pushType: pushType, topic: topic, priority: priority, expiration: expiration,
            collapseID: collapseId)
    }

    func run() throws {
        let type = PushType.all.first { $0.rawValue == pushType } ?? .alert
        let broadcast = channelId.map {
            PayloadValidator.BroadcastHeaders(channelID: $0, pushType: type, priority: priority, expiration: expiration)
        }
        let request = requestHeaders(pushType: type)
        let reports = files.map { file in
            ValidateCommand.report(for: file, pushType: type, broadcast: broadcast, request: request)
        }
        if json {
            print(
                PushValue.array(reports.map { report in Self.json(report, pushType: type, broadcast: broadcast) })
                    .jsonString(prettyPrinted: true))
        } else {
            print(reports.map(\.text).joined(separator: "\n"), terminator: "")
            if let broadcast {
                print(
                    "send to /4/broadcasts/apps/<bundle-id> with apns-push-type: \(type.rawValue) and "
                        + "apns-channel-id: \(broadcast.channelID) (no apns-topic)")
            } else if let suffix = type.topicSuffix {
                print("send with apns-push-type: \(type.rawValue) and apns-topic: <bundle-id>\(suffix)")
            }
        }
        let status = PayloadReport.status(of: reports)
        if status != .clean { throw ExitCode(status.rawValue) }
    }

    /// The report as JSON, with the APNs headers the push type needs (`apnsPushType`, and `apnsTopicSuffix` for
    /// types whose topic is the bundle id plus a suffix, such as `.push-type.liveactivity`).
    /// A broadcast's report carries `apnsChannelId` instead of the topic suffix (broadcasts send no topic).
    static func json(
        _ report: PayloadReport, pushType: PushType, broadcast: PayloadValidator.BroadcastHeaders? = nil
    ) -> PushValue {
        guard case .object(var object) = report.json else { return report.json }
        object["apnsPushType"] = .string(pushType.rawValue)
        if let broadcast {
            object["apnsChannelId"] = .string(broadcast.channelID)
        } else if let suffix = pushType.topicSuffix {
            object["apnsTopicSuffix"] = .string(suffix)
        }
        return .object(object)
    }

    static func report(
        for file: String, pushType: PushType, broadcast: PayloadValidator.BroadcastHeaders? = nil,
        request: PayloadValidator.RequestHeaders? = nil
    ) -> PayloadReport {
        do {
            let data = try InputFile.read(file, limit: InputFile.payloadLimit)
            var report = PayloadReport(source: file, data: data, pushType: pushType)
            if let broadcast { report.diagnostics = PayloadValidator.validateBroadcast(data, headers: broadcast) }
            if let request { report.diagnostics = PayloadValidator.validateRequest(data, headers: request) }
            return report
        } catch {
            return PayloadReport(source: file, readFailure: error.description)
        }
    }
}
