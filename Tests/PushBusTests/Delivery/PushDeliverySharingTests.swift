import Foundation
import PushBus
import PushBusTestSupport
import PushBusTesting
import Testing

/// One owner of delivery state: adapters made from one center share one `PushDelivery`, and the center does
/// not keep a delivery (or itself) alive through it.
@Suite struct PushDeliverySharingTests {
    @Test func adaptersMadeFromOneCenterShareOneDelivery() {
        let center = PushCenter()
        let notifications = UserNotificationAdapter(center: center)
        let appDelegate = AppDelegateAdapter(center: center)

        #expect(notifications.delivery === appDelegate.delivery)
        #expect(notifications.delivery === PushDelivery.shared(for: center))
        #expect(notifications.delivery !== UserNotificationAdapter(center: PushCenter()).delivery)
    }

    @Test func settingsMadeBeforeAnyAdapterExistsAreKept() {
        let center = PushCenter()
        PushDelivery.shared(for: center).presentationPolicy = .hidden
        PushDelivery.shared(for: center).responseDeadline = 2

        let adapter = UserNotificationAdapter(center: center)
        let options = Recorder<PresentationOptions>()
        adapter.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }

        #expect(options.values == [[]])
        #expect(adapter.delivery.responseDeadline == 2)
    }

    @Test func launchStateIsSharedBetweenTheTwoAdapters() {
        // The app-delegate adapter holds the launch-options tap; the notification adapter's didReceive claims it.
        let center = PushCenter()
        let messages = Recorder<PushMessage>()
        let subscription = center.subscribe { messages.record($0) }
        defer { subscription.cancel() }

        AppDelegateAdapter(center: center).didFinishLaunching(launchOptions: [.remoteNotification: Payloads.chat])
        UserNotificationAdapter(center: center).didReceive(
            ResponseSnapshot(notification: Payloads.snapshot(Payloads.chat), actionIdentifier: "LIKE"),
            appState: .inactive
        ) {}
        AppDelegateAdapter(center: center).applicationDidBecomeActive()

        #expect(messages.values.map(\.response?.action) == [.custom("LIKE")])
    }

    @Test func anExplicitDeliveryIsItsOwn() {
        let center = PushCenter()
        let delivery = PushDelivery(center: center, ledger: DeliveryLedger())
        delivery.presentationPolicy = .hidden

        #expect(UserNotificationAdapter(delivery: delivery).delivery === delivery)
        #expect(delivery !== PushDelivery.shared(for: center))
        let message = PushMessage(content: PushContent(title: "Hi"))
        #expect(delivery.presentationPolicy.options(for: message) == [])
        #expect(PushDelivery.shared(for: center).presentationPolicy.options(for: message) == .all, "untouched")
    }

    @Test func theSharedDeliveryDoesNotKeepItsCenterAlive() {
        weak var released: PushCenter?
        do {
            let center = PushCenter()
            released = center
            let adapter = UserNotificationAdapter(center: center)
            adapter.delivery.presentationPolicy = .hidden
            #expect(released != nil)
        }
        #expect(released == nil)
    }

    @Test func recordDiagnosticsRunsTheCallersClosureWithoutTheLock() {
        // Reading the delivery inside the update used to deadlock (or trap): the closure ran under the lock.
        let delivery = PushDelivery(center: PushCenter())
        delivery.categories = .empty

        delivery.recordDiagnostics { facts in
            facts.areCategoriesRegistered = delivery.categories != nil
            facts.isDeviceTokenForwarded = !delivery.deliveryDiagnostics.isDeviceTokenForwarded
        }

        #expect(delivery.deliveryDiagnostics.areCategoriesRegistered)
        #expect(delivery.deliveryDiagnostics.isDeviceTokenForwarded)
    }

    @Test func anUpdateThatRacesAnotherIsRetriedOnTheNewerFacts() {
        let delivery = PushDelivery(center: PushCenter())
        var attempts = 0
        delivery.recordDiagnostics { facts in
            attempts += 1
            if attempts == 1 { delivery.recordDiagnostics { $0.didRegistrationFail = true } }  // lands meanwhile
            facts.isDeviceTokenForwarded = true
        }

        #expect(attempts == 2)
        #expect(delivery.deliveryDiagnostics.didRegistrationFail)
        #expect(delivery.deliveryDiagnostics.isDeviceTokenForwarded)
    }
}
