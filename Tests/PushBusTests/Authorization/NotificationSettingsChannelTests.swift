import Foundation
import PushBus
import Testing

/// The settings channel posts a change only when something changed, and replays the latest change.
@Suite struct NotificationSettingsChannelTests {
    final class Changes: Sendable {
        let values = LockedState<[NotificationSettingsChange]>([])
        func record(_ change: NotificationSettingsChange) { values.withLock { $0.append(change) } }
        var all: [NotificationSettingsChange] { values.withLock { $0 } }
    }

    let authorized = NotificationSettingsSnapshot(status: .authorized, alert: .enabled, sound: .enabled)

    @Test func theFirstReadingIsAChangeOfEveryField() throws {
        let channel = NotificationSettingsChannel()
        let change = try #require(channel.update(authorized))
        #expect(change.previous == nil)
        #expect(change.changedFields == NotificationSettingsSnapshot.Field.allCases)
        #expect(channel.current == authorized)
    }

    @Test func readingTheSameSettingsAgainPostsNothing() {
        // Given: the app read its settings at launch
        let channel = NotificationSettingsChannel()
        let changes = Changes()
        let subscription = channel.subscribe { changes.record($0) }
        channel.update(authorized)
        // When: it comes back to the foreground and nothing was changed in Settings
        let again = channel.update(authorized)
        // Then: no event
        #expect(again == nil)
        #expect(changes.all.count == 1)
        subscription.cancel()
    }

    @Test func aChangeMadeInSettingsWhileAwayIsPostedWithWhatChanged() throws {
        let channel = NotificationSettingsChannel()
        let changes = Changes()
        let subscription = channel.subscribe { changes.record($0) }
        channel.update(authorized)
        var denied = authorized
        denied.status = .denied
        channel.update(denied)
        let last = try #require(changes.all.last)
        #expect(changes.all.count == 2)
        #expect(last.previous == authorized)
        #expect(last.changedFields == [.status])
        #expect(last.isStatusChange)
        subscription.cancel()
    }

    @Test func aLateSubscriberGetsTheLatestChangeOnce() {
        let channel = NotificationSettingsChannel()
        channel.update(authorized)
        let changes = Changes()
        let subscription = channel.subscribe { changes.record($0) }
        #expect(changes.all.map(\.current) == [authorized])
        subscription.cancel()
        var quiet = authorized
        quiet.sound = .disabled
        channel.update(quiet)
        #expect(changes.all.count == 1)
    }
}
