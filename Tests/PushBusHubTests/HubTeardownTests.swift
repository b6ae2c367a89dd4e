import Dispatch
import Foundation
import PushBusTestSupport
import Testing

@testable import PushBusCore
@testable import PushBusHub

/// Releasing a center ends every subscription, also in the middle of a storm, and frees the hub: subscribers hold
/// the hub's storage strongly, so nothing may keep the storage and its subscribers alive after the center and the
/// subscriptions are gone. Bounded in count and (as a hang guard) in time; CI runs it under the thread sanitizer.
@Suite(.serialized, .timeLimit(.minutes(2))) struct HubTeardownTests {
    static func message(_ index: Int) -> PushMessage {
        var message = PushMessage(kind: .remote, content: PushContent())
        message.id = PushMessage.ID(rawValue: "teardown-\(index)")
        return message
    }

    @Test func releasingTheCenterDuringAStormEndsEverySubscriptionAndFreesTheHub() async {
        var center: PushCenter? = PushCenter(configuration: .init(parkingCapacity: 8, deduplicationWindow: 0))
        let storage = WeakBox(center!.storage)
        let weakCenter = WeakBox(center!)
        let kept = LockedBox<[PushCancellable]>([])
        let received = LockedCounter()
        let finished = DispatchGroup()
        let running = DispatchSemaphore(value: 0)
        for worker in 0..<4 {
            DispatchQueue.global().async(group: finished) {
                for round in 0..<500 {
                    guard let center = weakCenter.value else { return }  // the center is gone: stop
                    let subscription = center.subscribe(replay: .none) { _ in received.increment() }
                    switch round % 4 {
                    case 0: subscription.cancel()  // cancelled, then released
                    case 1: kept.withValue { $0.append(subscription) }  // outlives the center
                    default: break  // released without a cancel
                    }
                    center.post(Self.message(worker * 10_000 + round))
                    if round == 10 { running.signal() }
                }
            }
        }
        // The last strong reference outside the workers goes away while they run.
        for _ in 0..<4 { #expect(await running.waitOffThePool() == .success) }
        center = nil
        #expect(await finished.waitOffThePool() == .success)

        #expect(weakCenter.value == nil)
        let allCancelled = kept.value.allSatisfy { $0.isCancelled }
        #expect(allCancelled, "the center's end cancelled what was still subscribed")
        kept.withValue { $0.removeAll() }
        #expect(storage.value == nil, "nothing keeps the hub's storage once the center and subscriptions are gone")
        #expect(received.value > 0)
    }

    @Test func aSubscriptionKeptAfterItsCenterIsCancelledAndFreesTheHubWhenReleased() {
        var center: PushCenter? = PushCenter()
        let storage = WeakBox(center!.storage)
        var subscription: PushCancellable? = center!.subscribe { _ in }
        center = nil
        #expect(subscription?.isCancelled == true)
        #expect(storage.value != nil, "a kept subscription keeps the emptied storage, nothing more")
        subscription = nil
        #expect(storage.value == nil)
    }
}
