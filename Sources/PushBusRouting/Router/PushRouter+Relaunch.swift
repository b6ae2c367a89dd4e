import Foundation
@_spi(PushBusInternals) import PushBusCore

extension PushRouter {
    /// The router the same app code builds in a new process: the same configuration, routes and interceptors, but
    /// not ready, with no deferred route, no memory of routed taps and no observer.
    ///
    /// For simulations of a process that ends (`SimulatedDevice.terminate()`): nothing of the old process's
    /// memory survives, only what the app's code sets up again at launch.
    package func relaunched() -> PushRouter {
        var configuration = configuration
        configuration.isReady = false
        let copy = PushRouter(configuration: configuration)
        let registrations = state.withLock { $0.registrations }
        copy.state.withLock { $0.registrations = registrations }
        return copy
    }

    /// The options of the `attach(to:options:)` calls made so far, in order (at most eight).
    package var attachmentOptions: [AttachOptions] { state.withLock { $0.attachments } }
}
