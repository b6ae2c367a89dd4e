import Foundation
import PushBus

extension PushRouter {
    /// The router the same app code builds in a new process: the same configuration, routes, interceptors and
    /// will-open hooks, but not ready, with no deferred route, no memory of routed taps and no observer.
    ///
    /// For simulations of a process that ends (`SimulatedDevice.terminate()`): nothing of the old process's
    /// memory survives, only what the app's code sets up again at launch.
    package func relaunched() -> PushRouter {
        var configuration = configuration
        configuration.isReady = false
        let copy = PushRouter(configuration: configuration)
        let registered = state.withLock { state in
            (state.table, state.interceptors, state.routeInterceptors)
        }
        copy.state.withLock { state in
            state.table = registered.0
            state.interceptors = registered.1
            state.routeInterceptors = registered.2
        }
        // The copy's hooks belong to no subscription: the app code of the old process cannot remove them either.
        for hook in willOpenHooks.registered { _ = copy.willOpenHooks.add(hook) }
        return copy
    }

    /// The options of the `attach(to:options:)` calls made so far, in order (at most eight).
    package var attachmentOptions: [AttachOptions] { state.withLock { $0.attachments } }
}
