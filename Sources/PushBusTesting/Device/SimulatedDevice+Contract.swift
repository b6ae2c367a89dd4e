import Foundation
import PushBus

/// The short names DESIGN.md's contract gives the device (`state`, `deliver(remote:)`, `background`), beside
/// the descriptive ones.
extension SimulatedDevice {
    /// The app's state now (the same as ``lifecycleState``).
    public var state: LifecycleState { lifecycleState }

    /// The user leaves the app: the same as ``moveToBackground()``.
    public func background() { moveToBackground() }

    /// The user returns to the app: the same as ``bringToForeground()``.
    public func foreground() { bringToForeground() }

    /// APNs delivers a push: the same as ``receive(remote:identifier:)-([String:Any],_)``.
    @discardableResult
    public func deliver(remote payload: [String: Any], identifier: String? = nil) -> String {
        receive(remote: payload, identifier: identifier)
    }

    /// APNs delivers a push given as a `PushValue`: the same as ``receive(remote:identifier:)-(PushValue,_)``.
    ///
    /// - Throws: ``SimulationError/invalidPayload(_:)`` when the value is not an object.
    @discardableResult
    public func deliver(remote payload: PushValue, identifier: String? = nil) throws -> String {
        try receive(remote: payload, identifier: identifier)
    }

    /// APNs delivers a push given as JSON bytes: the same as ``receive(remote:identifier:)-(Data,_)``.
    ///
    /// - Throws: ``SimulationError/invalidPayload(_:)`` when the bytes are not a JSON object.
    @discardableResult
    public func deliver(remote json: Data, identifier: String? = nil) throws -> String {
        try receive(remote: json, identifier: identifier)
    }
}
