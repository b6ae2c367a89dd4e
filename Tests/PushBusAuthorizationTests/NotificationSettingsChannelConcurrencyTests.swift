import Foundation
import PushBusAuthorization
import PushBusCore
import PushBusTestSupport
import Testing

/// Settings readings from several tasks while subscribers come and go: every change `update` reports reaches a
/// subscriber that lives throughout exactly once. Bounded: 4 readers × 200 readings; run under the thread
/// sanitizer by `.ci/steps/33-stores-tsan.sh`.
@Suite(.timeLimit(.minutes(2))) struct NotificationSettingsChannelConcurrencyTests {
    @Test func everyReportedChangeReachesALongLivedSubscriberOnce() async {
        // Given a channel with a first reading and a subscriber that stays
        let channel = NotificationSettingsChannel()
        channel.update(NotificationSettingsSnapshot(status: .authorized, alert: .enabled, sound: .enabled))
        let heard = LockedCounter()
        let staying = channel.subscribe { _ in heard.increment() }
        #expect(heard.value == 1)  // the latest change, replayed

        // When 4 tasks post alternating readings while 2 others subscribe and cancel
        let reported = await withTaskGroup(of: Int.self) { group in
            for reader in 0..<4 {
                group.addTask {
                    var changes = 0
                    for index in 0..<200 {
                        let on: NotificationSettingsSnapshot.Setting = (index + reader) % 2 == 0 ? .enabled : .disabled
                        let snapshot = NotificationSettingsSnapshot(status: .authorized, alert: on, sound: .enabled)
                        if channel.update(snapshot) != nil { changes += 1 }
                    }
                    return changes
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    for _ in 0..<200 { channel.subscribe { _ in }.cancel() }
                    return 0
                }
            }
            return await group.reduce(0, +)
        }

        // Then the staying subscriber heard each reported change once (plus the replay)
        #expect(heard.value == reported + 1)
        staying.cancel()
    }
}
