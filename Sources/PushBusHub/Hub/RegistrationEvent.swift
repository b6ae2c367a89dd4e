import Foundation
public import PushBusCore

typealias NSErrorBridge = NSError

/// The outcome of registering for remote notifications, carried by the hub beside the messages.
public enum RegistrationEvent: Sendable, Hashable {
    /// APNs handed over a device token.
    case registered(PushToken)
    /// Registration failed.
    case failed(RegistrationError)
}

/// A registration error, reduced to what can be shared across threads and compared.
public struct RegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The error's domain (`NSError.domain`).
    public var domain: String
    /// The error's code within ``domain`` (`NSError.code`).
    public var code: Int
    /// The error as text, for logs.
    public var message: String

    package init(domain: String, code: Int, message: String) {
        self.domain = domain
        self.code = code
        self.message = message
    }

    /// Captures any error (an `NSError` from `didFailToRegisterForRemoteNotificationsWithError`).
    package init(_ error: any Error) {
        let nsError = error as NSErrorBridge
        self.init(domain: nsError.domain, code: nsError.code, message: String(describing: error))
    }

    public var description: String { "\(domain) \(code): \(message)" }
}
