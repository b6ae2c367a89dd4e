// What a Notification Service Extension that keeps the app group's records does with PushBus: read the payload,
// run the pipeline (rewrite, attachments, an inbox entry and a receipt in the shared ledger), hand the content
// back. Compiles against every layout (Package.swift).
import Foundation

#if canImport(PushBusNotificationServiceExtension)
import PushBusNotificationServiceExtension
#elseif canImport(PushBusServiceExtensionStorage)
import PushBusCore
import PushBusServiceExtension
import PushBusServiceExtensionStorage
import PushBusStorage
#elseif canImport(PushBusExtensions)
import PushBusCore
import PushBusExtensions
import PushBusStorage
#else
import PushBus
#endif

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("extension-size-\(getpid())")
try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
let ledger = try DeliveryLedger(directory: directory)
let inbox = PushInbox(ledger: ledger)
let pipeline = ServiceExtensionPipeline(steps: [
    .claim { $0.payload["aps"] != nil },
    .rewrite { content in content.title = content.title.map { "[\($0)]" } },
    .attachments(),
    .inbox(inbox),
    .ledgerReceipt(ledger),
])
let payload = Data(#"{"aps":{"alert":{"title":"Hello","body":"World"},"mutable-content":1}}"#.utf8)
let done = DispatchSemaphore(value: 0)
pipeline.run(PushContent(json: payload), requestIdentifier: "size-check") { result in
    print(result.content.title ?? "-")
    done.signal()
}
done.wait()
try? FileManager.default.removeItem(at: directory)
