import PushBusNotificationContentExtension
import UIKit
import UserNotifications
import UserNotificationsUI

/// The reminder's expanded view: a slider of 10–300 s and a Confirm button (Info.plist:
/// `UNNotificationExtensionCategory` = `TIMER_REMINDER`, `UNNotificationExtensionUserInteractionEnabled` = YES).
/// The app learns of each answer once, as a tapped message with the chosen seconds in `response.values`.
///
/// Apple's `UNNotificationContentExtension` is not main-actor isolated (iOS 17 SDK), or only in part (iOS 18 SDK:
/// `didReceive(_ notification:)`), so both methods are `nonisolated` here: that compiles with either SDK, and
/// nothing is assumed about the thread `didReceive(_:completionHandler:)` comes on. `PushBusContentExtension` is
/// `Sendable`, so they can use it directly.
final class NotificationViewController: UIViewController, UNNotificationContentExtension {
    private let pushBus: PushBusContentExtension? =
        (try? DeliveryLedger(appGroup: AppGroup.identifier, role: .contentExtension)).map {
            PushBusContentExtension(ledger: $0, ledgerChangeNotificationName: AppGroup.ledgerChanged)
        }
    private let sharedValues = try? SharedValueStore(
        directory: DeliveryLedger.appGroupDirectory(AppGroup.identifier, name: "SharedValues"))
    private let slider = UISlider()
    private let label = UILabel()

    override func viewDidLoad() {
        super.viewDidLoad()
        slider.minimumValue = 10
        slider.maximumValue = 300
        slider.frame = CGRect(x: 16, y: 16, width: view.bounds.width - 32, height: 32)
        label.frame = CGRect(x: 16, y: 56, width: view.bounds.width - 32, height: 24)
        let confirm = UIButton(
            frame: CGRect(x: 16, y: 88, width: view.bounds.width - 32, height: 44),
            primaryAction: UIAction(title: "Confirm") { [weak self] _ in self?.confirm() })
        view.addSubview(slider)
        view.addSubview(label)
        view.addSubview(confirm)
    }

    /// iOS calls it on the main thread (the iOS 18 SDK says so with `@MainActor`).
    nonisolated func didReceive(_ notification: UNNotification) {
        let message = pushBus?.didReceive(notification)  // title, body, custom data, deep link
        let seconds = message?.content.customData["seconds"]?.intValue
        let title = message?.content.title
        MainActor.assumeIsolated { show(title: title, seconds: seconds) }
    }

    /// A category action tapped below the view: the answer is recorded, then iOS is answered, exactly once.
    nonisolated func didReceive(
        _ response: UNNotificationResponse,
        completionHandler completion: @escaping @Sendable (UNNotificationContentExtensionResponseOption) -> Void
    ) {
        guard let pushBus else { return completion(.dismissAndForwardAction) }
        pushBus.didReceive(response, completionHandler: completion).finish(.dismissAndForwardAction)
    }

    private func show(title: String?, seconds: Int?) {
        let stored = (try? sharedValues?.value(for: .reminderSeconds)) ?? nil
        slider.value = Float(seconds ?? stored ?? 30)
        label.text = title
    }

    /// The reminder's confirm button: keep the value for the app, record the answer, close.
    private func confirm() {
        let seconds = Int(slider.value)
        try? sharedValues?.set(seconds, for: .reminderSeconds)
        pushBus?.dismiss(in: extensionContext, action: "CONFIRM", values: ["seconds": String(seconds)])
    }
}

extension SharedValueKey where Value == Int {
    /// The reminder interval the slider chose, in seconds (10–300 s): kept in the App Group's shared values (one JSON
    /// file per key) for the next reminder.
    static let reminderSeconds = SharedValueKey("reminderSeconds")
}
