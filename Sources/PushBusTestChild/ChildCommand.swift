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

    /// The option `name`, or `defaultValue`.
    func string(_ name: String, default defaultValue: String) -> String { options[name] ?? defaultValue }

    /// With `--start-on-input yes`: prints `ready`, then waits for a line on standard input, so a test can start
    /// several writers at one instant.
    func waitForStartIfAsked() {
        guard options["start-on-input"] == "yes" else { return }
        ChildOutput.line("ready")
        _ = Swift.readLine()
    }
}

/// When a writer made its first and last write, printed as `interval FIRST LAST` (nanoseconds on
/// `CLOCK_MONOTONIC`, the clock every process shares), for tests that prove writers overlapped.
struct WriteInterval {
    private var first: UInt64?
    private var last: UInt64 = 0

    /// Notes a write that just returned.
    mutating func wrote() {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        last = UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
        if first == nil { first = last }
    }

    /// Prints the interval (nothing when nothing was written).
    func print() {
        guard let first else { return }
        ChildOutput.line("interval \(first) \(last)")
    }
}

enum ChildError: Error {
    case missingArgument(Int)
    case system(String)
}

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
