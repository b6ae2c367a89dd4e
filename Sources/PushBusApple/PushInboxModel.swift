// SwiftUI's view of a PushInbox. It uses nothing of Combine but ObservableObject and @Published, which the Linux
// stubs declare, so CI type-checks it and the SwiftUI views written around it (Examples/iOSApp) as it does the glue.
#if canImport(Combine) && canImport(UserNotifications)
public import Combine
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(Combine) && canImport(UserNotifications)) || PUSHBUS_APPLE_STUBS
import PushBusCore
public import PushBusStorage

/// An `ObservableObject` over a `PushInbox` for SwiftUI (iOS 13+): the newest entries and the unread count,
/// republished on the main actor after every change: from this process, or from an extension as soon as this
/// process reads its records (a ``DeliveryLedgerRefresher`` refreshing the ledger is enough: the inbox follows its
/// ledger).
///
/// ```swift
/// import PushBusApple
/// import SwiftUI
///
/// struct InboxView: View {
///     @ObservedObject var model: PushInboxModel      // PushInboxModel(inbox: inbox)
///     var body: some View {
///         List(model.entries) { entry in Text(entry.title ?? "").fontWeight(entry.isRead ? .regular : .bold) }
///             .badge(model.unreadCount)
///     }
/// }
/// ```
@MainActor
public final class PushInboxModel: ObservableObject {
    /// The newest entries, at most ``limit``.
    @Published public private(set) var entries: [InboxEntry]
    /// How many entries are unread.
    @Published public private(set) var unreadCount: Int
    /// How many entries are unread per scope (an account switcher's numbers), and in all.
    @Published public private(set) var unreadCounts: InboxUnreadCounts
    /// The inbox shown.
    public let inbox: PushInbox
    /// How many entries ``entries`` holds at most.
    public let limit: Int
    private var subscription: PushCancellable?

    /// Creates a model showing the newest `limit` entries of `inbox`.
    public init(inbox: PushInbox, limit: Int = 200) {
        self.inbox = inbox
        self.limit = limit
        entries = inbox.entries(limit: limit)
        unreadCount = inbox.unreadCount
        unreadCounts = inbox.unreadCounts
        subscription = inbox.observe { [weak self] _ in
            Task { @MainActor [weak self] in self?.reload() }
        }
    }

    /// Reads the entries and the unread count again.
    public func reload() {
        entries = inbox.entries(limit: limit)
        unreadCount = inbox.unreadCount
        unreadCounts = inbox.unreadCounts
    }
}
#endif
