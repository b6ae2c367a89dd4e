import Foundation
import PushBusCore
import PushBusHub
import Testing

@Suite(.timeLimit(.minutes(2))) struct PushMessagesTests {
    @Test func forAwaitReceivesPostedMessagesInOrder() async {
        let center = HubFixtures.center()
        let stream = center.messages()
        for id in ["a", "b", "c"] { center.post(HubFixtures.message(id)) }

        var ids: [String] = []
        for await message in stream {
            ids.append(message.id.rawValue)
            if ids.count == 3 { break }
        }
        #expect(ids == ["a", "b", "c"])
    }

    @Test func firstWhereFindsAMessagePostedByAnotherTask() async {
        let center = HubFixtures.center()
        let stream = center.messages(.tapped)
        let poster = Task {
            center.post(HubFixtures.message("r", kind: .remote))
            center.post(HubFixtures.message("t", kind: .remoteTapped))
        }
        let tap = await stream.first { $0.kind == .remoteTapped }
        await poster.value
        #expect(tap?.id.rawValue == "t")
    }

    @Test func theSubscriptionStartsWhenTheSequenceIsMade() async {
        let center = HubFixtures.center()
        let other = center.subscribe { _ in }  // so nothing parks
        let stream = center.messages()
        center.post(HubFixtures.message("early"))
        var iterator = stream.makeAsyncIterator()
        #expect(await iterator.next()?.id.rawValue == "early")
        _ = other
    }

    @Test func replaysParkedMessagesFirst() async {
        let center = HubFixtures.center()
        center.post(HubFixtures.message("parked", kind: .remoteTapped))
        var iterator = center.messages(.tapped).makeAsyncIterator()
        #expect(await iterator.next()?.id.rawValue == "parked")
    }

    @Test func endsWhenTheConsumingTaskIsCancelled() async {
        let center = HubFixtures.center()
        let stream = center.messages()
        let consumer = Task {
            var count = 0
            for await _ in stream { count += 1 }
            return count
        }
        center.post(HubFixtures.message("a"))
        consumer.cancel()
        let count = await consumer.value
        #expect(count <= 1)
    }

    @Test func endsWhenTheCenterIsReleased() async {
        var center: PushCenter? = HubFixtures.center()
        let stream = center!.messages()
        center!.post(HubFixtures.message("a"))
        let consumer = Task {
            var ids: [String] = []
            for await message in stream { ids.append(message.id.rawValue) }
            return ids
        }
        center = nil
        #expect(await consumer.value == ["a"])
    }

    @Test func leavingTheLoopCancelsTheSubscription() async {
        let center = HubFixtures.center()
        do {
            let stream = center.messages()
            center.post(HubFixtures.message("a"))
            for await _ in stream { break }
        }
        #expect(center.post(HubFixtures.message("b")) == .parked)
    }

    @Test func bufferingNewestKeepsTheLatestAndCountsDrops() async {
        let center = HubFixtures.center()
        var iterator = center.messages(bufferingPolicy: .bufferingNewest(2)).makeAsyncIterator()
        for id in ["a", "b", "c", "d"] { center.post(HubFixtures.message(id)) }

        #expect(await iterator.next()?.id.rawValue == "c")
        #expect(await iterator.next()?.id.rawValue == "d")
        #expect(center.statistics.dropped == 2)
    }

    @Test func bufferingOldestKeepsTheFirstAndCountsDrops() async {
        let center = HubFixtures.center()
        var iterator = center.messages(bufferingPolicy: .bufferingOldest(2)).makeAsyncIterator()
        for id in ["a", "b", "c", "d"] { center.post(HubFixtures.message(id)) }
        center.post(HubFixtures.message("marker"))

        #expect(await iterator.next()?.id.rawValue == "a")
        #expect(await iterator.next()?.id.rawValue == "b")
        #expect(center.statistics.dropped == 3)
    }

    @Test func everyConsumerGetsEveryMessage() async {
        let center = HubFixtures.center(deduplicationWindow: 0)
        let streams = (0..<4).map { _ in center.messages() }
        let consumers = streams.map { stream in
            Task {
                var ids: [String] = []
                for await message in stream {
                    ids.append(message.id.rawValue)
                    if ids.count == 100 { break }
                }
                return ids
            }
        }
        for index in 0..<100 { center.post(HubFixtures.message("m\(index)")) }
        for consumer in consumers {
            #expect(await consumer.value == (0..<100).map { "m\($0)" })
        }
    }
}
