import PushBusApple
import SwiftUI

// The inbox as a SwiftUI list, as Docs/Inbox.md and PushInboxModel's documentation show it (this file is what compiles
// them). The app itself shows InboxScreen: its UIKit navigation controller is where routes push their screens.
struct InboxView: View {
    @ObservedObject var model: PushInboxModel  // PushInboxModel(inbox: inbox)
    var body: some View {
        List(model.entries) { entry in Text(entry.title ?? "").fontWeight(entry.isRead ? .regular : .bold) }
            .badge(model.unreadCount)
    }
}
