import ArgumentParser

@main
struct PushBusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "pushbus",
        abstract: "Validate, normalize and simulate iOS push notification payloads."
    )
}
