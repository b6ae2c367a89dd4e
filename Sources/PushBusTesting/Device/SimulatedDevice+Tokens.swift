public import Foundation
@_spi(PushBusInternals) import PushBusCore
import PushBusLiveActivity
public import PushBusStorage

/// What the simulated app keeps about its push tokens: a `PushTokenRegistry` it opens at each launch, and the
/// server it reports every change to.
struct SimulatedTokenServer: Sendable {
    /// Whether the app reports its tokens, and the registry's directory (`nil`: in memory, lost at termination).
    var isReporting = false
    var directory: URL?
    /// What the server learned, in order, across processes.
    var learned: [PushTokenRegistry.Change] = []
    /// How many times APNs gave the device a new token (``SimulatedDevice/rotateDeviceToken()``).
    var deviceTokenRotations = 0
    /// The accounts whose servers learn the tokens (``SimulatedDevice/useScopes(_:reader:)``); `nil`: the app's
    /// own server alone.
    var scopes: [PushScope]?
}

/// The app's token registry on the simulated device: every token iOS hands the app (the device token at each
/// registration, push-to-start and update tokens from ActivityKit, ends) goes into a `PushTokenRegistry` attached
/// to the process's center, and each change reaches the app's server once, across launches.
///
/// ```swift
/// device.reportTokens(in: directory)  // the app keeps push-tokens.json there
/// await device.registerForNotifications()  // the device token is reported
/// device.terminate()
/// device.launch()  // registered again: the same token, nothing reported
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

    /// The device token APNs hands the app at each registration (`didRegisterForRemoteNotificationsWithDeviceToken`).
    public var apnsDeviceToken: Data {
        let rotations = tokenServer.withLock { $0.deviceTokenRotations }
        return Data((0..<32).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ 3 &+ rotations &* 31) })
    }

    /// APNs gives the device a new token, handed over at the app's next registration: Apple's "Registering your
    /// app with APNs" says a device token can change (the app restored from a backup, reinstalled, on a new
    /// device), which is why an app registers at every launch and reports a token that differs.
    public func rotateDeviceToken() {
        tokenServer.withLock { $0.deviceTokenRotations += 1 }
        note("APNs has a new device token for the app (handed over at the next registration)")
    }

    /// What the app's server learned, in order, across launches: each change once (`value` `nil`: retracted).
    public var tokensReported: [PushTokenRegistry.Change] { tokenServer.withLock { $0.learned } }

    /// Opens the process's registry and reports through it, when the app reports tokens.
    func attachTokenRegistry(to process: AppProcess) {
        let (isReporting, directory, scopes) = tokenServer.withLock { ($0.isReporting, $0.directory, $0.scopes) }
        guard isReporting, process.tokens == nil else { return }
        let registry: PushTokenRegistry
        do {
            // An app with accounts registers with each account's server, not a server of its own.
            registry = try PushTokenRegistry(directory: directory, reportsToAppServer: scopes == nil)
        } catch {
            note("the app cannot open its token registry: \(error); it keeps the tokens in memory")
            guard let inMemory = try? PushTokenRegistry(directory: nil, reportsToAppServer: scopes == nil) else {
                return
            }
            registry = inMemory
        }
        for scope in scopes ?? [] {
            do {
                try registry.addScope(scope)
            } catch {
                note("the app cannot add \(scope) to its token registry: \(error)")
            }
        }
        process.tokenRegistry.withLock { $0 = registry }
        process.keep(
            registry.attach(to: process.center) { [weak self] changes in
                guard let self else { return }
                for change in changes {
                    do {
                        try registry.markReported(change)
                    } catch {
                        self.note("the app cannot record that a server learned \(change.scenarioName): \(error)")
                        continue
                    }
                    self.tokenServer.withLock { $0.learned.append(change) }
                    self.note("app → \(change.scope.map { "\($0)'s server" } ?? "server"): \(change.scenarioName)")
                }
            })
    }
}

extension PushTokenRegistry.Change {
    /// `KIND QUALIFIER`, with ` removed` when the token is gone, after `SCOPE: ` when an account's server learns it
    /// (scenario expectations, timeline lines).
    public var scenarioName: String {
        (scope.map { "\($0): " } ?? "") + key.description + (value == nil ? " removed" : "")
    }
}
