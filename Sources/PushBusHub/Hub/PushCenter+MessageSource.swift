public import PushBusCore

extension PushCenter: PushMessageSource {
    /// ``monitor(_:_:)`` over every post (``PushFilter/all``), without the receipt: what `PushInbox.attach(to:)`
    /// watches.
    public func watchMessages(_ observer: @escaping @Sendable (PushMessage) -> Void) -> PushCancellable {
        monitor(.all) { message, _ in observer(message) }
    }
}
