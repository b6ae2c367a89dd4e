import Foundation
import PushBusCore
import PushBusServiceExtension

/// `attachment-download URL [--deadline S] [--timeout S] [--linger MS]`: plays a Notification Service Extension
/// whose pipeline downloads the attachment at `URL` (plain HTTP allowed to 127.0.0.1), alone in its process so
/// the process's peak memory is the download's.
///
/// Prints `baseline-kb N` (peak resident memory before the download), `handler MS` (milliseconds from the start
/// to the content handler), `outcome attached N` or `outcome failed REASON`, then, `--linger` milliseconds later
/// (anything the session still does after the handler counts), `peak-kb N`.
enum AttachmentDownload: ChildCommand {
    static let name = "attachment-download"

    static func run(_ arguments: ChildArguments) throws {
        guard let url = URL(string: try arguments.positional(0)) else { throw ChildError.missingArgument(0) }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("nse-child-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let policy = AttachmentPolicy(
            timeout: TimeInterval(arguments.integer("timeout", default: 20)), allowedInsecureHosts: ["127.0.0.1"],
            directory: directory)
        let pipeline = ServiceExtensionPipeline(
            deadline: TimeInterval(arguments.integer("deadline", default: 25)),
            steps: [.attachments(AttachmentDownloader(policy: policy))])
        let payload: PushValue = [
            "aps": ["alert": "Look", "mutable-content": 1], "image": .string(url.absoluteString),
        ]
        ChildOutput.line("baseline-kb \(PeakMemory.kilobytes)")
        let start = DispatchTime.now()
        let ended = DispatchSemaphore(value: 0)
        pipeline.run(PushContent(payload: payload), requestIdentifier: "r") { result in
            let elapsed = (DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1_000_000
            ChildOutput.line("handler \(elapsed)")
            ChildOutput.line("handler-peak-kb \(PeakMemory.kilobytes)")
            switch result.attachments.first?.outcome {
            case .attached(let attachment)?: ChildOutput.line("outcome attached \(attachment.byteCount)")
            case .failed(let reason)?: ChildOutput.line("outcome failed \(reason)")
            case nil: ChildOutput.line("outcome none")
            }
            ended.signal()
        }
        ended.wait()
        usleep(useconds_t(arguments.integer("linger", default: 500) * 1_000))
        ChildOutput.line("peak-kb \(PeakMemory.kilobytes)")
    }
}

/// The process's peak resident memory so far.
enum PeakMemory {
    /// In kilobytes: `VmHWM` on Linux, `ru_maxrss` elsewhere.
    static var kilobytes: Int {
        #if os(Linux)
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
        }
        return 0
        #else
        var usage = rusage()
        getrusage(RUSAGE_SELF, &usage)
        return Int(usage.ru_maxrss) / 1024  // bytes on Apple platforms
        #endif
    }
}
