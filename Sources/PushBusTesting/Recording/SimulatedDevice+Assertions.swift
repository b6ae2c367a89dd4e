internal import Foundation
public import PushBusCore
public import PushBusHub

extension SimulatedDevice {
    /// A message the adapters posted to the hub, and what the hub did with it.
    public struct Delivery: Sendable, Hashable {
        /// The message.
        public var message: PushMessage
        /// Delivered (to how many subscribers), parked, or dropped as a duplicate.
        public var receipt: PostReceipt

        /// A Boolean value indicating whether the hub accepted it (delivered or parked for a later subscriber).
        public var isAccepted: Bool { receipt != .duplicate }
    }
}

extension Array where Element == SimulatedDevice.CallbackRecord {
    /// The callbacks, in order: `#expect(device.callbacks.names == [.didFinishLaunching, …])`.
    public var names: [SimulatedDevice.Callback] { map(\.callback) }

    /// The records concerning the notification `identifier`.
    public func about(_ identifier: String) -> [SimulatedDevice.CallbackRecord] {
        filter { $0.notification == identifier }
    }
}

extension Array where Element == SimulatedDevice.CompletionRecord {
    /// A Boolean value indicating whether every completion handler the app got was called exactly once:
    /// `#expect(device.completions.allCalledOnce)`.
    public var allCalledOnce: Bool { allSatisfy(\.isCalledOnce) }

    /// The handlers not called yet.
    public var pending: [SimulatedDevice.CompletionRecord] { filter { $0.callCount == 0 } }

    /// The handlers called more than once (iOS crashes or logs an error for these).
    public var calledMoreThanOnce: [SimulatedDevice.CompletionRecord] { filter { $0.callCount > 1 } }

    /// The records of `callback`'s completion handlers, in order.
    public func of(_ callback: SimulatedDevice.Callback) -> [SimulatedDevice.CompletionRecord] {
        filter { $0.callback == callback }
    }

    /// The values of the first call of each handler of `callback` (`["newData"]` for one background fetch).
    public func values(of callback: SimulatedDevice.Callback) -> [String] {
        of(callback).compactMap(\.value)
    }
}

extension Array where Element == SimulatedDevice.Delivery {
    /// The messages the hub accepted (duplicates left out): what subscribers got or will get on replay.
    public var messages: [PushMessage] { filter(\.isAccepted).map(\.message) }

    /// The messages dropped as duplicates of an earlier delivery.
    public var duplicates: [PushMessage] { filter { !$0.isAccepted }.map(\.message) }
}

extension Array where Element == SimulatedDevice.RouteRecord {
    /// The URLs of the routes that opened, in order: `#expect(device.routes.opened == ["app://product/12345"])`.
    public var opened: [String] { filter { $0.outcome == .opened }.map(\.url) }

    /// The URLs that were deferred until the app became ready.
    public var deferred: [String] { filter { $0.outcome == .deferred }.map(\.url) }

    /// The URLs that failed.
    public var failed: [String] { filter { $0.outcome == .failed }.map(\.url) }

    /// The unmatched URLs that fell back to another route, which opened.
    public var fellBack: [String] { filter { $0.outcome == .fellBack }.map(\.url) }
}
