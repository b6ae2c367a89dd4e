import Foundation
public import PushBusCore
public import PushBusStorage

/// How a Notification Content Extension finished with a notification: what iOS was told, the action, and the
/// values the extension attached (the recurring reminder's slider seconds).
///
/// The extension records each answer in the shared `DeliveryLedger` (`DeliveryEvent.Kind.contentAnswered`,
/// role `DeliveryProcessRole.contentExtension`); the app's `PushDelivery` hands it to its subscribers once,
/// as a tapped message whose `PushResponse` carries the action, `PushResponse.values` and
/// `PushResponse.contentExtensionDisposition`.
///
/// ```swift
/// let answer = ContentExtensionAnswer(
///     action: "CONFIRM", disposition: .dismissExtension, values: ["seconds": "120"])
/// try ledger.record(answer.event, for: message, role: .contentExtension)
/// ```
public struct ContentExtensionAnswer: Sendable, Hashable {
    /// The action identifier: the response's (a category action), Apple's default action identifier for
    /// `ContentExtensionDisposition.performDefaultAction`, or a name the extension gives its own control.
    public var action: String
    /// What the extension told iOS.
    public var disposition: ContentExtensionDisposition
    /// Small named values the extension attaches (`["seconds": "120"]`).
    public var values: [String: String]

    /// Creates an answer.
    ///
    /// - Parameters:
    ///   - action: The action identifier (see `action`).
    ///   - disposition: What the extension told iOS.
    ///   - values: Small named values for the app; the key `disposition` is reserved.
    public init(action: String, disposition: ContentExtensionDisposition, values: [String: String] = [:]) {
        self.action = action
        self.disposition = disposition
        self.values = values
    }

    /// The value holding the text typed into a text-input action answered in the extension: the app's
    /// `PushResponse.userText`.
    package static let userTextKey = "userText"

    /// The key under which `event` stores the disposition among its values.
    static let dispositionKey = "disposition"

    /// The ledger event recording this answer.
    public var event: DeliveryEvent {
        var values = values
        values[Self.dispositionKey] = disposition.rawValue
        return DeliveryEvent(kind: .contentAnswered, action: action, values: values)
    }

    /// The answer an event records, or `nil` when `event` is not a `DeliveryEvent.Kind.contentAnswered` event.
    package init?(_ event: DeliveryEvent) {
        guard event.kind == .contentAnswered, let action = event.action else { return nil }
        var values = event.values
        let disposition =
            values.removeValue(forKey: Self.dispositionKey).map(ContentExtensionDisposition.init) ?? .dismiss
        self.init(action: action, disposition: disposition, values: values)
    }

    /// The response the app's subscribers get for this answer.
    package var response: PushResponse {
        var response = PushResponse(action: PushResponse.Action(identifier: action))
        response.userText = values[Self.userTextKey]
        response.values = values
        response.contentExtensionDisposition = disposition
        return response
    }
}

extension DeliveryPath {
    /// An answer given in the Notification Content Extension, read from the ledger by
    /// `PushDelivery.deliverContentExtensionAnswers(appState:)`.
    public static let contentExtension = DeliveryPath(rawValue: "contentExtension")
}
