#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// `pushbus-test-child SUBCOMMAND [ARGUMENTS…]`: a process the tests spawn, kill and inspect.
///
/// To add a subcommand, write a type conforming to ``ChildCommand`` in its own file and list it in ``commands``.
@main
enum TestChild {
    static let commands: [(name: String, run: @Sendable (ChildArguments) throws -> Void)] = [
        (LedgerAppendLoop.name, LedgerAppendLoop.run),
        (LedgerAppend.name, LedgerAppend.run),
        (LedgerAppendUnderFileSizeLimit.name, LedgerAppendUnderFileSizeLimit.run),
        (InboxExtensionAdd.name, InboxExtensionAdd.run),
        (LedgerLockHolder.name, LedgerLockHolder.run),
        (SharedValueWriter.name, SharedValueWriter.run),
        (TokenRegistryWriter.name, TokenRegistryWriter.run),
        (MessageIdentity.name, MessageIdentity.run),
        (AttachmentDownload.name, AttachmentDownload.run),
    ]

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        guard let name = arguments.first, let command = commands.first(where: { $0.name == name }) else {
            ChildOutput.error("usage: pushbus-test-child SUBCOMMAND …; one of \(commands.map(\.name))")
            exit(64)
        }
        do {
            try command.run(ChildArguments(Array(arguments.dropFirst())))
            exit(0)
        } catch {
            ChildOutput.error("\(name): \(error)")
            exit(1)
        }
    }
}
