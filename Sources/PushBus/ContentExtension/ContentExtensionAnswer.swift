import Foundation

/// How a Notification Content Extension finished with a notification: what iOS was told, the action, and the
/// values the extension attached (the recurring-reminder seed's slider seconds).
///
/// The extension records each answer in the shared ``DeliveryLedger`` (``DeliveryEvent/Kind/contentAnswered``,
/// role ``DeliveryProcessRole/contentExtension``); the app's ``PushDelivery`` hands it to its subscribers once,
/// as a tapped message whose ``PushResponse`` carries the action, ``PushResponse/values`` and
/// ``PushResponse/contentExtensionDisposition``.
///
/// ```swift
/// let answer = ContentExtensionAnswer(action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "120"])
/// try ledger.record(answer.event, for: message, role: .contentExtension)
/// ```
public struct ContentExtensionAnswer: Sendable, Hashable {
    /// What the extension told iOS. Extensible: compare with the static members.
    public struct Disposition: RawRepresentable, Sendable, Hashable, CustomStringConvertible {
        public var rawValue: String
        /// Creates a disposition from its stored name.
        public init(rawValue: String) { self.rawValue = rawValue }
        public var description: String { rawValue }

        /// `UNNotificationContentExtensionResponseOption.doNotDismiss`: the extension handled the action and
        /// stays on screen.
        public static let doNotDismiss = Disposition(rawValue: "doNotDismiss")
        /// `UNNotificationContentExtensionResponseOption.dismiss`: the extension handled the action; iOS closes it.
        public static let dismiss = Disposition(rawValue: "dismiss")
        /// `UNNotificationContentExtensionResponseOption.dismissAndForwardAction`: iOS closes the extension and
        /// also calls the app's `didReceive` with the same response.
        public static let dismissAndForwardAction = Disposition(rawValue: "dismissAndForwardAction")
        /// `NSExtensionContext.performNotificationDefaultAction()` from the extension's own controls: iOS opens
        /// the app with the default action.
        public static let performDefaultAction = Disposition(rawValue: "performDefaultAction")
        /// `NSExtensionContext.dismissNotificationContentExtension()` from the extension's own controls (the
        /// seed's confirm button).
        public static let dismissExtension = Disposition(rawValue: "dismissExtension")

        /// A Boolean value indicating whether iOS also reports the response to the app's `didReceive`.
        public var isForwardedToApp: Bool { self == .dismissAndForwardAction || self == .performDefaultAction }
    }

    /// The action identifier: the response's (a category action), Apple's default action identifier for
    /// ``Disposition/performDefaultAction``, or a name the extension gives its own control.
    public var action: String
    /// What the extension told iOS.
    public var disposition: Disposition
    /// Small named values the extension attaches (`["seconds": "120"]`).
    public var values: [String: String]

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - action: The action identifier (see ``action``).
    ///   - disposition: What the extension told iOS.
    ///   - values: Small named values for the app; the key `disposition` is reserved.
    public init(action: String, disposition: Disposition, values: [String: String] = [:]) {
        self.action = action
        self.disposition = disposition
        self.values = values
    }

    /// The value holding the text typed into a text-input action answered in the extension: the app's
    /// ``PushResponse/userText``.
    public static let userTextKey = "userText"

    /// The key under which ``event`` stores the disposition among its values.
    static let dispositionKey = "disposition"

    /// The ledger event recording this answer.
    public var event: DeliveryEvent {
        var values = values
        values[Self.dispositionKey] = disposition.rawValue
        return DeliveryEvent(kind: .contentAnswered, action: action, values: values)
    }

    /// The answer an event records, or `nil` when `event` is not a ``DeliveryEvent/Kind/contentAnswered`` event.
    public init?(_ event: DeliveryEvent) {
        guard event.kind == .contentAnswered, let action = event.action else { return nil }
        var values = event.values
        let disposition = values.removeValue(forKey: Self.dispositionKey).map(Disposition.init) ?? .dismiss
        self.init(action: action, disposition: disposition, values: values)
    }

    /// The response the app's subscribers get for this answer.
    public var response: PushResponse {
        var response = PushResponse(action: PushResponse.Action(identifier: action))
        response.userText = values[Self.userTextKey]
        response.values = values
        response.contentExtensionDisposition = disposition
        return response
    }
}

extension DeliveryEvent.Kind {
    /// A Notification Content Extension answered (``ContentExtensionAnswer``): the action and the values it
    /// attached. Stored as text (`content.answer`): no new ledger format version.
    public static let contentAnswered: DeliveryEvent.Kind = "content.answer"
}

extension DeliveryPath {
    /// An answer given in the Notification Content Extension, read from the ledger by
    /// ``PushDelivery/deliverContentExtensionAnswers(appState:)``.
    public static let contentExtension = DeliveryPath(rawValue: "contentExtension")
}
