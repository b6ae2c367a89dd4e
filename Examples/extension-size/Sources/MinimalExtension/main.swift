// A plain rich-notification Notification Service Extension (Docs/ServiceExtension.md): read the payload, claim it,
// rewrite the text, download the attachments, hand the content back. No ledger, no inbox. Compiles against every
// layout (Package.swift).
import Foundation

#if canImport(PushBusServiceExtension)
import PushBusCore
import PushBusServiceExtension
#elseif canImport(PushBusExtensions)
import PushBusCore
import PushBusExtensions
#else
import PushBus
#endif

let pipeline = ServiceExtensionPipeline(steps: [
    .claim { $0.payload["aps"] != nil },
    .rewrite { content in content.title = content.title.map { "[\($0)]" } },
    .attachments(),
])
let payload = Data(#"{"aps":{"alert":{"title":"Hello","body":"World"},"mutable-content":1}}"#.utf8)
let done = DispatchSemaphore(value: 0)
pipeline.run(PushContent(json: payload), requestIdentifier: "size-check") { result in
    print(result.content.title ?? "-")
    done.signal()
}
done.wait()
