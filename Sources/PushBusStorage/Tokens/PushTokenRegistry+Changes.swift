@_spi(PushBusInternals) public import PushBusCore

/// The registry's change handlers, shared by every way a token reaches it: `attach(to:onChange:)`
/// (PushBusDelivery), the app's own ``PushTokenRegistry/update(_:to:)`` and the WidgetKit push handlers' glue.
extension PushTokenRegistry {
    /// Calls every attachment's `onChange` with the pending changes, outside any lock.
    package func notifyChange() {
        let handlers = changeHandlers.withLock { $0.handlers.sorted { $0.key < $1.key }.map(\.value) }
        guard !handlers.isEmpty else { return }
        let pending = pendingChanges()
        for handler in handlers { handler(pending) }
    }

    /// Applies `updates`; calls the change handlers when one of them is news to the server.
    package func record(_ updates: [(Key, String?)]) {
        var changed = false
        for (key, value) in updates {
            do {
                changed = try record(key, value) || changed
                writeFailures.withLock { $0 = nil }
            } catch let error as StoreFileError {
                writeFailures.withLock { $0 = error }
            } catch {
                writeFailures.withLock { $0 = StoreFileError(.writeFailed, path: "", "\(error)") }
            }
        }
        if changed { notifyChange() }
    }

    /// Why the latest write of a token fed by `attach(to:onChange:)` failed; `nil` once one succeeds again.
    public var writeFailure: StoreFileError? { writeFailures.withLock { $0 } }
}
