import Foundation
import PushBusContentExtensionKit

/// `shared-value-writer DIR --count N`: rewrites `nextReminderSeconds` `N` times with values in 10…300 (the reminder's
/// slider), then prints `interval FIRST LAST` (see ``WriteInterval``) and `done N`. With `--start-on-input yes`
/// it waits for a line before the first.
struct SharedValueWriter: ChildCommand {
    static let name = "shared-value-writer"

    static func run(_ arguments: ChildArguments) throws {
        let store = try SharedValueStore(directory: URL(fileURLWithPath: try arguments.positional(0)))
        let key = SharedValueKey<Int>("nextReminderSeconds")
        let count = arguments.integer("count", default: 1)
        arguments.waitForStartIfAsked()
        var interval = WriteInterval()
        for index in 0..<count {
            try store.set(10 + index % 291, for: key)
            interval.wrote()
        }
        interval.print()
        ChildOutput.line("done \(count)")
    }
}
