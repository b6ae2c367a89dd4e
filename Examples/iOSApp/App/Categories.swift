import PushBusApple

/// The app's notification categories, registered once at launch
/// (`PushBusApp.registerForNotifications(options:categories:)`).
enum Categories {
    static let chat = "CHAT"
    static let reminder = AppGroup.reminderCategory

    static let all: CategoryRegistry = {
        do {
            return try CategoryRegistry {
                PushCategory(chat) {
                    PushAction.textInput("REPLY", title: "Reply", buttonTitle: "Send", placeholder: "Message")
                    PushAction.button("MARK_READ", title: "Mark as read")
                }
                PushCategory(reminder, options: .customDismissAction) {
                    PushAction.button("SNOOZE", title: "Snooze 10 min")
                }
            }
        } catch {
            preconditionFailure("invalid categories: \(error)")
        }
    }()
}
