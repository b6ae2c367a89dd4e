import ArgumentParser
import Foundation
import PushBusCore
import PushBusTesting
import PushBusValidation

/// `pushbus apns FILE --bundle-id ID`: writes an `.apns` file that `xcrun simctl push` (or a drag onto the iOS
/// Simulator) delivers to the app.
struct ApnsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "apns",
        abstract: "Write an .apns file for `xcrun simctl push`: the payload plus \"Simulator Target Bundle\".",
        discussion: """
            Example: pushbus apns Examples/payloads/apns-alert.json --bundle-id com.example.shop
            then:    xcrun simctl push booted apns-alert.apns
            Exit status 1 when the payload is not a JSON object, 2 when a file cannot be read or written.
            """
    )

    @Argument(help: "A JSON payload file ('-' reads standard input).")
    var file: String

    @Option(name: .long, help: "The bundle identifier of the app on the Simulator.")
    var bundleId: String

    @Option(
        name: [.short, .long],
        help: "Where to write ('-' for standard output). Default: next to FILE, with the extension .apns.")
    var output: String?

    func validate() throws {
        guard !bundleId.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw ValidationError("--bundle-id must not be empty.")
        }
    }

    func run() throws {
        let data: Data
        do {
            data = try InputFile.read(file, limit: InputFile.payloadLimit)
        } catch {
            fail(error.message(for: file), status: 2)
        }
        let document: PushValue
        do {
            document = try Self.apnsDocument(payload: data, bundleIdentifier: bundleId)
        } catch {
            fail("\(file): \(error)", status: 1)
        }
        if document.objectValue?["aps"] == nil {
            FileHandle.standardError.write(
                Data("warning: the payload has no \"aps\" dictionary; simctl requires one\n".utf8))
        }
        let liveActivityNote =
            document.objectValue?["aps"]?.objectValue?["event"] == nil
            ? nil
            : "a Live Activity push: to a device, send it with apns-push-type: liveactivity and apns-topic: "
                + PushType.liveActivity.apnsTopic(bundleIdentifier: bundleId)
        let text = document.jsonString(prettyPrinted: true) + "\n"
        let destination = output ?? Self.defaultOutput(for: file)
        if destination == "-" {
            print(text, terminator: "")
            if let liveActivityNote { FileHandle.standardError.write(Data((liveActivityNote + "\n").utf8)) }
            return
        }
        do {
            try Data(text.utf8).write(to: URL(fileURLWithPath: destination))
        } catch {
            fail("cannot write \(destination): \((error as NSError).localizedDescription)", status: 2)
        }
        print("wrote \(destination)")
        print("deliver it with: xcrun simctl push booted \(destination)")
        if let liveActivityNote { print(liveActivityNote) }
    }

    /// The payload object with `"Simulator Target Bundle"` added.
    ///
    /// - Throws: ``PushValueError`` or ``ValidationError`` when the bytes are not a JSON object.
    static func apnsDocument(payload: Data, bundleIdentifier: String) throws -> PushValue {
        guard case .object(var members) = try PushValue(json: payload) else {
            throw ValidationError("the payload is not a JSON object")
        }
        members["Simulator Target Bundle"] = .string(bundleIdentifier)
        return .object(members)
    }

    /// Next to the input, with the extension `.apns` (`payload.apns` in the current folder for standard input).
    static func defaultOutput(for file: String) -> String {
        guard file != "-" else { return "payload.apns" }
        let name = (file as NSString).deletingPathExtension
        return name + ".apns"
    }

    private func fail(_ message: String, status: Int32) -> Never {
        FileHandle.standardError.write(Data("pushbus apns: \(message.escapingControlCharacters)\n".utf8))
        Self.exit(withError: ExitCode(status))
    }
}
