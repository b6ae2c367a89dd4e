import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

@Suite struct RegistrationEventTests {
    let token = PushToken(Data([0xAB, 0x01, 0xFF]))

    @Test func deliversRegistrationToSubscribers() {
        let center = HubFixtures.center()
        let events = Recorder<RegistrationEvent>()
        let subscription = center.subscribeRegistration { events.record($0) }
        center.post(registration: .registered(token))
        #expect(events.values == [.registered(token)])
        #expect(center.deviceToken?.hexString == "ab01ff")
        _ = subscription
    }

    @Test func replaysTheLatestEventToALateSubscriber() {
        let center = HubFixtures.center()
        let older = PushToken(Data([0x01]))
        center.post(registration: .registered(older))
        center.post(registration: .registered(token))

        let events = Recorder<RegistrationEvent>()
        let subscription = center.subscribeRegistration { events.record($0) }
        #expect(events.values == [.registered(token)])
        _ = subscription
    }

    @Test func carriesFailures() {
        let center = HubFixtures.center()
        let error = RegistrationError(domain: "NSCocoaErrorDomain", code: 3010, message: "simulator")
        center.post(registration: .failed(error))
        let events = Recorder<RegistrationEvent>()
        let subscription = center.subscribeRegistration { events.record($0) }
        #expect(events.values == [.failed(error)])
        #expect(center.deviceToken == nil)
        _ = subscription
    }

    @Test func cancelledRegistrationSubscriptionGetsNothingMore() {
        let center = HubFixtures.center()
        let events = Recorder<RegistrationEvent>()
        let subscription = center.subscribeRegistration { events.record($0) }
        subscription.cancel()
        center.post(registration: .registered(token))
        #expect(events.values.isEmpty)
    }
}
