public import Foundation
public import PushBusAuthorization
public import PushBusCore
public import PushBusHub
public import PushBusRouting

extension SimulatedDevice {
    /// Something that happened on the simulated device, at a time on its clock.
    public struct TimelineEntry: Sendable, CustomStringConvertible {
        /// When, on the device's clock.
        public var date: Date
        /// What.
        public var event: Event

        public var description: String { event.description }
    }

    /// What happened, in the order it happened.
    public enum Event: Sendable, CustomStringConvertible {
        /// The app moved between states.
        case stateChanged(from: LifecycleState, to: LifecycleState)
        /// iOS called the app.
        case callback(CallbackRecord)
        /// The app called a completion handler (`callCount` counts this call).
        case completion(callback: Callback, notification: String?, value: String, callCount: Int)
        /// The hub received a message from the adapters, and what it did with it.
        case message(PushMessage, PostReceipt)
        /// What the user saw of a notification.
        case presentation(notification: String, Presentation)
        /// The router did something with a link.
        case route(RouteRecord)
        /// The app's settings channel posted a change (a reading that differs from the last one).
        case settingsChanged(NotificationSettingsChange)
        /// Something iOS did without calling the app (a push not delivered, a dismissal without callback, …).
        case note(String)

        public var description: String {
            switch self {
            case .stateChanged(let from, let to): return "state: \(from) → \(to)"
            case .callback(let record): return "→ \(record)"
            case .completion(let callback, let notification, let value, let count):
                let about = notification.map { " [\($0)]" } ?? ""
                let times = count == 1 ? "" : " (call #\(count)!)"
                return "← completion handler of \(callback.shortName)\(about) called with \(value)\(times)"
            case .message(let message, let receipt):
                return "◆ \(Self.describe(message)) → \(Self.describe(receipt))"
            case .presentation(let notification, let presentation): return "☐ [\(notification)] \(presentation)"
            case .route(let record): return "⇢ \(record)"
            case .settingsChanged(let change):
                let fields = change.changedFields.map(\.rawValue).joined(separator: ", ")
                return "⚙ settings changed (\(fields)): status \(change.current.status.rawValue)"
            case .note(let text): return "· \(text)"
            }
        }

        static func describe(_ message: PushMessage) -> String {
            var parts = ["\(message.kind)", "via \(message.path)", "app \(message.appState)"]
            if let response = message.response {
                parts.append("action \(response.action)")
                if let text = response.userText { parts.append("text \"\(text)\"") }
            }
            if message.isSilent { parts.append("silent") }
            if let text = message.content.title ?? message.content.body { parts.append("\"\(text)\"") }
            if let link = message.deepLink { parts.append(link.absoluteString) }
            return "PushMessage(" + parts.joined(separator: ", ") + ")"
        }

        static func describe(_ receipt: PostReceipt) -> String {
            switch receipt {
            case .delivered(let count): return "delivered to \(count) subscriber\(count == 1 ? "" : "s")"
            case .parked: return "parked (no subscriber yet)"
            case .duplicate: return "duplicate, dropped"
            case .dropped: return "dropped (no subscriber, parking off)"
            case .queued: return "queued (posted from deeply nested handlers)"
            }
        }
    }

    /// What the user saw of a notification.
    public enum Presentation: String, Sendable, Hashable, Codable, CustomStringConvertible {
        /// A banner (and sound), then listed in Notification Center.
        case banner
        /// Listed in Notification Center only (provisional authorization, or `willPresent` chose `.list` only).
        case listedQuietly
        /// Shown in the foreground as `willPresent` chose, without entering Notification Center.
        case bannerNotListed
        /// Not shown: `willPresent` answered `[]`, or iOS < 10 in the foreground.
        case notShown
        /// Not shown: notifications are not authorized.
        case notAuthorized

        /// A Boolean value indicating whether the notification is in Notification Center, so it can be tapped.
        public var isListed: Bool { self == .banner || self == .listedQuietly }

        public var description: String {
            switch self {
            case .banner: return "banner shown, listed in Notification Center"
            case .listedQuietly: return "delivered quietly to Notification Center"
            case .bannerNotListed: return "banner shown, not kept in Notification Center"
            case .notShown: return "not shown"
            case .notAuthorized: return "not shown: notifications not authorized"
            }
        }
    }

    /// What the router did with a link.
    public struct RouteRecord: Sendable, CustomStringConvertible {
        /// The outcome.
        public enum Outcome: String, Sendable, Hashable, Codable {
            /// A handler ran.
            case opened
            /// Queued until the app is ready (`router.setReady(true)`).
            case deferred
            /// Refused, unmatched, vetoed, superseded, …
            case failed
            /// An unmatched URL fell back to another one, which opened.
            case fellBack
        }

        /// The outcome.
        public var outcome: Outcome
        /// The URL (for `Outcome/fellBack`, the original one).
        public var url: String
        /// The pattern that matched, for opened routes.
        public var pattern: String?
        /// The route parameters, for opened routes.
        public var parameters: [String: String]
        /// Where the link came from.
        public var source: RouteSource
        /// Why it failed, for failed routes.
        public var reason: String?

        public var description: String {
            switch outcome {
            case .opened:
                let params = parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
                let list = params.isEmpty ? "" : " {" + params.joined(separator: ", ") + "}"
                return "route opened \(url) (pattern \(pattern ?? "?"))\(list)"
            case .deferred: return "route deferred until the app is ready: \(url)"
            case .failed: return "route failed: \(url) — \(reason ?? "unknown reason")"
            case .fellBack: return "route fell back: \(url) → \(pattern ?? "?")"
            }
        }

        init?(_ event: RouteEvent) {
            switch event {
            case .willOpen, .tapTakenBeforeAttach: return nil
            case .deferred(let attempt):
                self.init(outcome: .deferred, url: attempt.url, parameters: [:], source: attempt.source)
            case .didOpen(let request):
                self.init(
                    outcome: .opened, url: request.url, pattern: request.pattern, parameters: request.parameters,
                    source: request.source)
            case .didFail(let failure):
                self.init(
                    outcome: .failed, url: failure.url, parameters: [:], source: failure.source,
                    reason: "\(failure.error)")
            case .didFallBack(let from, let request):
                self.init(
                    outcome: .fellBack, url: from, pattern: request.url, parameters: request.parameters,
                    source: request.source)
            }
        }

        init(
            outcome: Outcome, url: String, pattern: String? = nil, parameters: [String: String],
            source: RouteSource, reason: String? = nil
        ) {
            self.outcome = outcome
            self.url = url
            self.pattern = pattern
            self.parameters = parameters
            self.source = source
            self.reason = reason
        }
    }
}
