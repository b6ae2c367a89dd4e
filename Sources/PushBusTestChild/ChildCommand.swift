#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// One subcommand of `pushbus-test-child`.
protocol ChildCommand: Sendable {
    /// The name on the command line, for example `ledger-append`.
    static var name: String { get }
    /// Runs the subcommand; a thrown error exits with status 1.
    static func run(_ arguments: ChildArguments) throws
}

/// The arguments after the subcommand: positional values and `--name value` options.
struct ChildArguments: Sendable {
    var positional: [String] = []
    var options: [String: String] = [:]

    init(_ arguments: [String]) {
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if argument.hasPrefix("--"), index + 1 < arguments.count {
                options[String(argument.dropFirst(2))] = arguments[index + 1]
                index += 2
            } else {
                positional.append(argument)
                index += 1
            }
        }
    }

    /// The positional argument at `index`.
    func positional(_ index: Int) throws -> String {
        guard positional.indices.contains(index) else { throw ChildError.missingArgument(index) }
        return positional[index]
    }

    /// The integer option `name`, or `defaultValue`.
    func integer(_ name: String, default defaultValue: Int) -> Int { options[name].flatMap { Int($0) } ?? defaultValue }
}

enum ChildError: Error { case missingArgument(Int) }

/// Output the parent reads line by line: each line is written and flushed before the child goes on.
enum ChildOutput {
    static func line(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        bytes.withUnsafeBytes { buffer in
            var done = 0
            while done < buffer.count {
                let result = write(1, buffer.baseAddress! + done, buffer.count - done)
                if result <= 0 { return }
                done += result
            }
        }
    }

    static func error(_ text: String) {
        let bytes = Array((text + "\n").utf8)
        _ = bytes.withUnsafeBytes { write(2, $0.baseAddress!, $0.count) }
    }
}
