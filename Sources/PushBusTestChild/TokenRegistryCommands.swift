import Foundation
import PushBusStorage

/// `token-registry-writer DIR --count N --prefix P`: records `N` Live Activity update tokens (`P-0` …) in the token
/// registry in `DIR`, as a widget extension's push handler or the app would, then prints `interval FIRST LAST` (see
/// ``WriteInterval``) and `done N`. With `--start-on-input yes` it waits for a line before the first.
struct TokenRegistryWriter: ChildCommand {
    static let name = "token-registry-writer"

    static func run(_ arguments: ChildArguments) throws {
        let registry = try PushTokenRegistry(directory: URL(fileURLWithPath: try arguments.positional(0)))
        let count = arguments.integer("count", default: 1)
        let prefix = arguments.string("prefix", default: "child")
        arguments.waitForStartIfAsked()
        var interval = WriteInterval()
        for index in 0..<count {
            try registry.update(.activityUpdate(activityID: "\(prefix)-\(index)"), to: "token-\(index)")
            interval.wrote()
        }
        interval.print()
        ChildOutput.line("done \(count)")
    }
}
