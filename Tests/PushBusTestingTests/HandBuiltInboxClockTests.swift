import Foundation
import PushBus
import PushBusTesting
import Testing

/// Docs/Testing.md, "Time": a ledger or inbox a test builds by hand next to a `SimulatedDevice` must run on
/// `device.clock`. The device's `ManualClock` starts at 2026-01-01, so its messages are dated then; a ledger on the
/// system clock finds every entry older than the inbox's `maximumAge` and drops it as soon as it enters.
@Suite(.timeLimit(.minutes(1))) struct HandBuiltInboxClockTests {
    static var push: [String: Any] { ["aps": ["alert": ["title": "Back in stock", "body": "iPhone 16 Pro"]]] }

    @Test func anInboxOnTheDeviceClockKeepsTheTappedPush() throws {
        let device = SimulatedDevice()
        var configuration = DeliveryLedger.Configuration()
        configuration.clock = device.clock  // the simulator's time, not the system's
        let ledger = DeliveryLedger(configuration: configuration)
        let inbox = PushInbox(ledger: ledger)
        let following = inbox.attach(to: device.center)

        try device.tap(device.deliver(remote: Self.push))

        #expect(inbox.count == 1)
        #expect(inbox.entries().first?.title == "Back in stock")
        withExtendedLifetime(following) {}
    }

    @Test func anInboxOnTheSystemClockLosesItAtOnce() throws {
        let device = SimulatedDevice()
        let inbox = PushInbox(ledger: DeliveryLedger())  // the system clock: months after the device's
        let following = inbox.attach(to: device.center)

        try device.tap(device.deliver(remote: Self.push))

        let maximumAge = inbox.configuration.maximumAge
        if Date().timeIntervalSince(device.clock.now) > maximumAge {
            #expect(inbox.count == 0)
        }
        withExtendedLifetime(following) {}
    }
}
