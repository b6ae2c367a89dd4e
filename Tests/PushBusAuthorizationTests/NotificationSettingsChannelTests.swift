import Foundation
import PushBusAuthorization
import PushBusCore
import PushBusTestSupport
import Testing

/// The settings channel posts a change only when something changed, and replays the latest change.
@Suite struct NotificationSettingsChannelTests {
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
        let changes = Recorder<NotificationSettingsChange>()
        let subscription = channel.subscribe { changes.record($0) }
        channel.update(authorized)
        // When: it comes back to the foreground and nothing was changed in Settings
        let again = channel.update(authorized)
        // Then: no event
        #expect(again == nil)
        #expect(changes.values.count == 1)
        subscription.cancel()
    }

    @Test func aChangeMadeInSettingsWhileAwayIsPostedWithWhatChanged() throws {
        let channel = NotificationSettingsChannel()
        let changes = Recorder<NotificationSettingsChange>()
        let subscription = channel.subscribe { changes.record($0) }
        channel.update(authorized)
        var denied = authorized
        denied.status = .denied
        channel.update(denied)
        let last = try #require(changes.values.last)
        #expect(changes.values.count == 2)
        #expect(last.previous == authorized)
        #expect(last.changedFields == [.status])
        #expect(last.isStatusChange)
        subscription.cancel()
    }

    @Test func aLateSubscriberGetsTheLatestChangeOnce() {
        let channel = NotificationSettingsChannel()
        channel.update(authorized)
        let changes = Recorder<NotificationSettingsChange>()
        let subscription = channel.subscribe { changes.record($0) }
        #expect(changes.values.map(\.current) == [authorized])
        subscription.cancel()
        var quiet = authorized
        quiet.sound = .disabled
        channel.update(quiet)
        #expect(changes.values.count == 1)
    }
}
