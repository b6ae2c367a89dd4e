public import PushBusCore

/// A local notification to schedule: what it says and when it fires (`UNNotificationRequest`).
///
/// ```swift
/// let request = LocalNotificationRequest(
///     identifier: "reminder",
///     content: PushContent(title: "Stand up", categoryIdentifier: "reminder"),
///     trigger: .timeInterval(90, repeats: false))
/// try await scheduler.add(request)
/// ```
public struct LocalNotificationRequest: Sendable, Hashable {
    /// Adding a request with the identifier of a pending one replaces it.
    public var identifier: String
    /// What the notification shows and plays (`UNNotificationRequest.content`).
    public var content: PushContent
    /// When it fires; `nil` delivers it now.
    public var trigger: LocalTrigger?

    /// Creates a request; a `nil` trigger delivers it now. ``validate()`` checks it (the initializer does not).
    public init(identifier: String, content: PushContent, trigger: LocalTrigger? = nil) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }

    /// Checks the identifier and the trigger.
    ///
    /// - Throws: ``LocalNotificationError``.
    public func validate() throws {
        guard !identifier.isEmpty else { throw LocalNotificationError.emptyIdentifier }
        try trigger?.validate()
    }
}
