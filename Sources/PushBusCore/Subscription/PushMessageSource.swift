/// Something that posts messages and lets others watch them without taking any: `PushCenter` (in `PushBusHub`), or
/// a test's own source. What follows an app's messages — `PushInbox.attach(to:)`,
/// `LocalNotificationSchedule.attach(to:)` — takes one of these, so that it lives beside what it keeps, in a module
/// that does not link the hub (the inbox's is shared with the extensions, which link no hub).
public protocol PushMessageSource: AnyObject, Sendable {
    /// Calls `observer` for every message posted from now on, duplicates included, on the posting thread and after
    /// the message's subscribers. Watching never consumes: a cold-start tap still waits for its subscriber.
    ///
    /// - Returns: The watch; it stops when cancelled or released.
    func watchMessages(_ observer: @escaping @Sendable (PushMessage) -> Void) -> PushCancellable
}
