import Foundation
import PushBusCore
import PushBusHub
import PushBusLiveActivity
import PushBusTestSupport
import Testing

private func token(_ hex: String) -> PushToken { PushToken(hexString: hex)! }
private let delivery = LiveActivityIdentity(id: "A1", attributesType: "DeliveryAttributes")

/// Token events go through the center in post order; a new subscriber first gets the latest state.
@Suite(.timeLimit(.minutes(2))) struct LiveActivityTokenEventTests {
    @Test func tokensAreLowercaseHex() {
        #expect(PushToken(Data([0xAB, 0x01, 0xFF])).hexString == "ab01ff")
        #expect(PushToken(hexString: "AB01FF")?.hexString == "ab01ff")
        #expect(PushToken(hexString: "abc") == nil)
    }

    @Test func subscribersGetEventsInPostOrder() {
        let center = PushCenter()
        let log = Recorder<LiveActivityEvent>()
        let subscription = center.liveActivities.subscribe(log.record)
        let events: [LiveActivityEvent] = [
            .pushToStartToken(token("a1"), attributesType: "DeliveryAttributes"),
            .pushToStartToken(token("a2"), attributesType: "DeliveryAttributes"),
            .started(delivery),
            .updateToken(token("b1"), activity: delivery),
            .updateToken(token("b2"), activity: delivery),
            .ended(delivery, reason: .ended, invalidatedToken: token("b2")),
        ]
        for event in events { #expect(center.liveActivities.post(event)) }
        #expect(log.values == events)
        withExtendedLifetime(subscription) {}
    }

    @Test func aLateSubscriberGetsTheLatestTokensOnly() {
        let tokens = LiveActivityTokens()
        tokens.post(.pushToStartToken(token("a1"), attributesType: "DeliveryAttributes"))
        tokens.post(.pushToStartToken(token("a2"), attributesType: "DeliveryAttributes"))
        tokens.post(.started(delivery))
        tokens.post(.updateToken(token("b1"), activity: delivery))
        tokens.post(.updateToken(token("b2"), activity: delivery))
        let log = Recorder<LiveActivityEvent>()
        let subscription = tokens.subscribe(log.record)
        #expect(
            log.values == [
                .pushToStartToken(token("a2"), attributesType: "DeliveryAttributes"),
                .started(delivery),
                .updateToken(token("b2"), activity: delivery),
            ])
        tokens.post(.updateToken(token("b3"), activity: delivery))
        #expect(log.values.last == .updateToken(token("b3"), activity: delivery))
        withExtendedLifetime(subscription) {}
    }

    @Test func repeatedTokensAreNotDeliveredTwice() {
        let tokens = LiveActivityTokens()
        let log = Recorder<LiveActivityEvent>()
        let subscription = tokens.subscribe(log.record)
        #expect(tokens.post(.started(delivery)))
        #expect(tokens.post(.updateToken(token("b1"), activity: delivery)))
        #expect(!tokens.post(.started(delivery)))
        #expect(!tokens.post(.updateToken(token("b1"), activity: delivery)))
        #expect(log.values.count == 2)
        withExtendedLifetime(subscription) {}
    }

    @Test func endInvalidatesTheActivitysToken() {
        let tokens = LiveActivityTokens()
        tokens.post(.started(delivery))
        tokens.post(.updateToken(token("b1"), activity: delivery))
        // The glue may not know the token when it sees the end: the channel names the one that died.
        #expect(tokens.post(.ended(delivery, reason: .dismissed, invalidatedToken: nil)))
        #expect(tokens.state.token(forActivity: "A1") == nil)
        #expect(tokens.state.registrations.isEmpty)
        // A token or a start reported after the end is stale: ignored.
        #expect(!tokens.post(.updateToken(token("b2"), activity: delivery)))
        #expect(!tokens.post(.started(delivery)))
        #expect(!tokens.post(.ended(delivery, reason: .ended, invalidatedToken: nil)))
        let log = Recorder<LiveActivityEvent>()
        let subscription = tokens.subscribe(log.record)
        #expect(log.values == [.ended(delivery, reason: .dismissed, invalidatedToken: token("b1"))])
        withExtendedLifetime(subscription) {}
    }

    @Test func cancelledSubscriptionsGetNothingMore() {
        let tokens = LiveActivityTokens()
        let log = Recorder<LiveActivityEvent>()
        let subscription = tokens.subscribe(log.record)
        tokens.post(.started(delivery))
        subscription.cancel()
        tokens.post(.updateToken(token("b1"), activity: delivery))
        #expect(log.values == [.started(delivery)])
    }

    @Test func theAsyncSequenceReplaysThenFollows() async {
        let tokens = LiveActivityTokens()
        tokens.post(.pushToStartToken(token("a1"), attributesType: "DeliveryAttributes"))
        let stream = tokens.events()
        tokens.post(.started(delivery))
        var received: [LiveActivityEvent] = []
        for await event in stream {
            received.append(event)
            if received.count == 2 { break }
        }
        #expect(received == [.pushToStartToken(token("a1"), attributesType: "DeliveryAttributes"), .started(delivery)])
    }
}
