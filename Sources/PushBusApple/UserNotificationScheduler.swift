// A NotificationScheduler backed by UNUserNotificationCenter.
#if canImport(UserNotifications)
public import UserNotifications
#if canImport(CoreLocation)
import CoreLocation
#endif
#elseif PUSHBUS_APPLE_STUBS
public import PushBusAppleStubs
#endif
#if (canImport(UserNotifications) || PUSHBUS_APPLE_STUBS) && !os(tvOS)
internal import Foundation
import PushBusAppleServiceExtension
public import PushBusCore
public import PushBusDelivery
public import PushBusLocalNotifications

/// Schedules local notifications with `UNUserNotificationCenter`: each requirement is one center call, with the
/// neutral request converted to `UNNotificationRequest` and back.
///
/// ```swift
/// let scheduler = UserNotificationScheduler()
/// try await scheduler.add(
///     LocalNotificationRequest(
///         identifier: "stand-up",
///         content: PushContent(title: "Stand up"), trigger: .timeInterval(3600, repeats: true)))
/// ```
public final class UserNotificationScheduler: NotificationScheduler {
    private let box: CenterBox
    private let delivery: PushDelivery?

    /// - Parameters:
    ///   - notificationCenter: The center to use (default: `.current()`).
    ///   - delivery: Where each added request's category and interruption level are recorded for
    ///     `PushBusApp.diagnose()` (time-sensitive and critical need entitlements); `nil` records nothing.
    public init(notificationCenter: UNUserNotificationCenter = .current(), delivery: PushDelivery? = nil) {
        box = CenterBox(center: notificationCenter)
        self.delivery = delivery
    }

    /// Validates `request` (`LocalNotificationRequest.validate()`) and adds it; a pending request with the same
    /// identifier is replaced.
    public func add(_ request: LocalNotificationRequest) async throws {
        try request.validate()
        delivery?.noteContentUse(request.content)
        let center = box.center
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            center.add(request.makeNotificationRequest()) { error in
                if let error { continuation.resume(throwing: error) } else { continuation.resume() }
            }
        }
    }

    public func pendingRequests() async -> [LocalNotificationRequest] {
        let center = box.center
        return await withCheckedContinuation { continuation in
            center.getPendingNotificationRequests { requests in
                continuation.resume(returning: requests.map(LocalNotificationRequest.init))
            }
        }
    }

    public func deliveredNotifications() async -> [DeliveredNotification] {
        let center = box.center
        return await withCheckedContinuation { continuation in
            center.getDeliveredNotifications { notifications in
                continuation.resume(returning: notifications.map(DeliveredNotification.init))
            }
        }
    }

    public func removePendingRequests(withIdentifiers identifiers: [String]) async {
        box.center.removePendingNotificationRequests(withIdentifiers: identifiers)
    }

    public func removeAllPendingRequests() async {
        box.center.removeAllPendingNotificationRequests()
    }

    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) async {
        box.center.removeDeliveredNotifications(withIdentifiers: identifiers)
    }

    public func removeAllDeliveredNotifications() async {
        box.center.removeAllDeliveredNotifications()
    }
}

/// Holds the notification center.
///
/// `@unchecked Sendable`: `UNUserNotificationCenter` is documented for use from any thread (its handlers even
/// arrive on a private queue); the box only ever reads its constant reference.
struct CenterBox: @unchecked Sendable {
    let center: UNUserNotificationCenter
}

extension LocalNotificationRequest {
    /// The `UNNotificationRequest` for this request.
    public func makeNotificationRequest() -> UNNotificationRequest {
        UNNotificationRequest(
            identifier: identifier, content: content.makeNotificationContent(),
            trigger: trigger?.makeNotificationTrigger())
    }

    /// The neutral request of a `UNNotificationRequest` (a push request has no trigger).
    public init(_ request: UNNotificationRequest) {
        let isRemote = request.trigger is UNPushNotificationTrigger
        self.init(
            identifier: request.identifier,
            content: isRemote
                ? PushContent(userInfo: request.content.userInfo) : PushContent(localContent: request.content),
            trigger: request.trigger.flatMap(LocalTrigger.init))
    }
}

extension DeliveredNotification {
    /// The neutral value of a delivered `UNNotification`.
    public init(_ notification: UNNotification) {
        self.init(
            request: LocalNotificationRequest(notification.request), date: notification.date,
            isRemote: notification.request.trigger is UNPushNotificationTrigger)
    }
}

extension PushContent {
    /// The `UNMutableNotificationContent` for this content: text, badge, sound, identifiers, interruption level
    /// and relevance (iOS 15+), and ``customData`` as `userInfo`.
    public func makeNotificationContent() -> UNMutableNotificationContent {
        let content = UNMutableNotificationContent()
        content.title = title ?? ""
        content.subtitle = subtitle ?? ""
        content.body = body ?? ""
        content.badge = badge.map { NSNumber(value: $0) }
        content.sound = sound.map(UNNotificationSound.make)
        content.categoryIdentifier = categoryIdentifier ?? ""
        content.threadIdentifier = threadIdentifier ?? ""
        content.targetContentIdentifier = targetContentIdentifier
        var userInfo: [AnyHashable: Any] = [:]
        for (key, value) in customData { userInfo[key] = value.foundationValue }
        content.userInfo = userInfo
        if #available(iOS 15.0, macOS 12.0, watchOS 8.0, *) {
            if let level = interruptionLevel { content.interruptionLevel = UNNotificationInterruptionLevel(level) }
            if let relevanceScore { content.relevanceScore = relevanceScore }
        }
        return content
    }
}

extension LocalTrigger {
    /// The `UNNotificationTrigger` for this trigger. Location triggers need Core Location on iOS (not Mac
    /// Catalyst); elsewhere they become `nil` (deliver now) — validate platform support before scheduling one.
    public func makeNotificationTrigger() -> UNNotificationTrigger? {
        switch self {
        case .timeInterval(let interval, let repeats):
            return UNTimeIntervalNotificationTrigger(timeInterval: interval, repeats: repeats)
        case .calendar(let components, let repeats):
            return UNCalendarNotificationTrigger(dateMatching: components, repeats: repeats)
        case .location(let region, let repeats):
            #if (os(iOS) && !targetEnvironment(macCatalyst) && canImport(CoreLocation)) || PUSHBUS_APPLE_STUBS
            let circular = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: region.latitude, longitude: region.longitude),
                radius: region.radius, identifier: region.identifier)
            circular.notifyOnEntry = region.notifiesOnEntry
            circular.notifyOnExit = region.notifiesOnExit
            return UNLocationNotificationTrigger(region: circular, repeats: repeats)
            #else
            _ = (region, repeats)
            return nil
            #endif
        }
    }

    /// The neutral trigger of a `UNNotificationTrigger`; `nil` for a push trigger or an unknown kind.
    public init?(_ trigger: UNNotificationTrigger) {
        switch trigger {
        case let interval as UNTimeIntervalNotificationTrigger:
            self = .timeInterval(interval.timeInterval, repeats: interval.repeats)
        case let calendar as UNCalendarNotificationTrigger:
            self = .calendar(calendar.dateComponents, repeats: calendar.repeats)
        #if (os(iOS) && !targetEnvironment(macCatalyst) && canImport(CoreLocation)) || PUSHBUS_APPLE_STUBS
        case let location as UNLocationNotificationTrigger:
            guard let region = location.region as? CLCircularRegion else { return nil }
            self = .location(
                LocationRegion(
                    identifier: region.identifier, latitude: region.center.latitude,
                    longitude: region.center.longitude, radius: region.radius,
                    notifiesOnEntry: region.notifyOnEntry, notifiesOnExit: region.notifyOnExit),
                repeats: location.repeats)
        #endif
        default:
            return nil
        }
    }
}
#endif
