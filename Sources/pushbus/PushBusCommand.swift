import ArgumentParser

/// `pushbus`: the root command. Each subcommand lives in its own file; add it to `subcommands` below.
@main
struct PushBusCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushbus",
        abstract: "Validate, normalize and simulate iOS push notification payloads.",
        subcommands: [
            ValidateCommand.self, SimulateCommand.self, ApnsCommand.self, LedgerCommand.self,
            CheckExtensionCommand.self, CheckAppCommand.self,
        ]
    )
}
