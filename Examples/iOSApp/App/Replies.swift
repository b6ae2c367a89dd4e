import PushBusApple

/// What the app does with answers to its notifications, also when iOS wakes it in the background for them.
enum Replies {
    static func handle(with delivery: PushDelivery) -> [PushCancellable] {
        [
            // A reply typed in the notification (the app may be in the background): iOS's completion handler is
            // called once the handler returns, or at the response deadline.
            delivery.onResponse(.category(Categories.chat)) { message in
                guard let text = message.response?.userText, !text.isEmpty else { return }
                try await ChatServer.send(text, inReplyTo: message.provider?.messageID ?? message.id.rawValue)
            },
            // The reminder: Snooze below the notification, or Confirm in the content extension (its slider value
            // arrives in `response.values`); either way the next reminder is scheduled.
            delivery.onResponse(.category(Categories.reminder)) { message in
                guard let response = message.response, response.action != .dismiss else { return }
                let seconds = response.values["seconds"].flatMap { Int($0) } ?? 600
                try await Reminders.schedule(after: seconds)
            },
        ]
    }
}

/// Stands for the app's own server client.
enum ChatServer {
    static func send(_ text: String, inReplyTo messageID: String) async throws {
        print("reply to \(messageID): \(text)")
    }
}
