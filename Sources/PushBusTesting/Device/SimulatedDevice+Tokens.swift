import Foundation
import PushBus

/// What the simulated app keeps about its push tokens: a `PushTokenRegistry` it opens at each launch, and the
/// server it reports every change to.
struct SimulatedTokenServer: Sendable {
    /// Whether the app reports its tokens, and the registry's directory (`nil`: in memory, lost at termination).
    var isReporting = false
    var directory: URL?
    /// What the server learned, in order, across processes.
    var learned: [PushTokenRegistry.Change] = []
}

/// The app's token registry on the simulated device: every token iOS hands the app (the device token at each
/// registration, push-to-start and update tokens from ActivityKit, ends) goes into a `PushTokenRegistry` attached
/// to the process's center, and each change reaches the app's server once, across launches.
///
/// ```swift
/// device.reportTokens(in: directory)               // the app keeps push-tokens.json there
/// await device.authorize(...)                      // the device token is reported
/// device.terminate(); device.launch()              // registered again: the same token, nothing reported
/// #expect(device.tokensReported.count == 1)
/// ```
extension SimulatedDevice {
    /// The app keeps a `PushTokenRegistry` in `directory` (its `push-tokens.json`; `nil`: in memory, so each
    /// launch starts over) and reports each change to its server at once; the current process starts now.
    public func reportTokens(in directory: URL?) {
        tokenServer.withLock {
            $0.isReporting = true
            $0.directory = directory
        }
        attachTokenRegistry(to: process)
    }

    /// What the app's server learned, in order, across launches: each change once (`value` `nil`: retracted).
    public var tokensReported: [PushTokenRegistry.Change] { tokenServer.withLock { $0.learned } }

    /// Opens the process's registry and reports through it, when the app reports tokens.
    func attachTokenRegistry(to process: AppProcess) {
        let (isReporting, directory) = tokenServer.withLock { ($0.isReporting, $0.directory) }
        guard isReporting, process.tokens == nil else { return }
        let registry: PushTokenRegistry
        do {
            registry = try PushTokenRegistry(directory: directory)
        } catch {
            note("the app cannot open its token registry: \(error); it keeps the tokens in memory")
            guard let inMemory = try? PushTokenRegistry(directory: nil) else { return }
            registry = inMemory
        }
        process.tokenRegistry.withLock { $0 = registry }
        process.keep(
            registry.attach(to: process.center) { [weak self] changes in
                guard let self else { return }
                for change in changes {
                    do {
                        try registry.markReported(change)
                    } catch {
                        self.note("the app cannot record that its server learned \(change.key): \(error)")
                        continue
                    }
                    self.tokenServer.withLock { $0.learned.append(change) }
                    self.note("app → server: \(change.scenarioName)")
                }
            })
    }
}

extension PushTokenRegistry.Change {
    /// `KIND SCOPE`, with ` removed` when the token is gone (scenario expectations, timeline lines).
    public var scenarioName: String { key.description + (value == nil ? " removed" : "") }
}
