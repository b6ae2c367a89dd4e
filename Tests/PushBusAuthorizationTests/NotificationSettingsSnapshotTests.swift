import Foundation
import PushBusAuthorization
import PushBusCore
import Testing

/// A settings snapshot tells "this OS has no such setting", "not available to this app", "off" and "on" apart.
@Suite struct NotificationSettingsSnapshotTests {
    typealias Snapshot = NotificationSettingsSnapshot

    @Test func criticalAlertsWithoutTheEntitlementAreNotARefusal() {
        // Apple reports `.notSupported` ("not available to your app") when the entitlement is missing.
        let snapshot = Snapshot(status: .authorized, criticalAlert: .notSupported)
        #expect(snapshot.criticalAlerts == .entitlementMissing)
    }

    @Test func criticalAlertsTurnedOffByTheUserAreARefusal() {
        #expect(Snapshot(status: .authorized, criticalAlert: .disabled).criticalAlerts == .denied)
        #expect(Snapshot(status: .denied, criticalAlert: .enabled).criticalAlerts == .denied)
    }

    @Test func criticalAlertsNeverAskedForAreNotRequested() {
        #expect(Snapshot(status: .notDetermined, criticalAlert: .disabled).criticalAlerts == .notRequested)
    }

    @Test func criticalAlertsOnAnOSWithoutThemAreUnavailableNotOff() {
        let snapshot = Snapshot(status: .authorized)
        #expect(snapshot.criticalAlert == .unavailable)
        #expect(snapshot.criticalAlerts == .unavailable)
        #expect(Snapshot(status: .authorized, criticalAlert: .enabled).criticalAlerts == .enabled)
    }

    @Test func timeSensitiveNeedsTheSettingAndAnAuthorization() {
        #expect(Snapshot(status: .authorized, timeSensitive: .enabled).allowsTimeSensitive)
        #expect(!Snapshot(status: .authorized, timeSensitive: .notSupported).allowsTimeSensitive)
        #expect(!Snapshot(status: .authorized).allowsTimeSensitive)
        #expect(!Snapshot(status: .denied, timeSensitive: .enabled).allowsTimeSensitive)
    }

    @Test func provisionalAndEphemeralDeliverButDeniedAndUndeterminedDoNot() {
        #expect(
            Snapshot.AuthorizationStatus.allCases.filter(\.allowsDelivery) == [.authorized, .provisional, .ephemeral])
    }

    @Test func changedFieldsNameExactlyWhatDiffers() {
        let before = Snapshot(
            status: .authorized, alert: .enabled, sound: .enabled, badge: .enabled, alertStyle: .banner)
        var after = before
        after.sound = .disabled
        after.alertStyle = .alert
        #expect(after.changedFields(since: before) == [.sound, .alertStyle])
        #expect(before.changedFields(since: before).isEmpty)
    }

    @Test func snapshotsRoundTripThroughJSON() throws {
        let snapshot = Snapshot(
            status: .provisional, alert: .enabled, criticalAlert: .notSupported, showPreviews: .whenAuthenticated,
            providesAppNotificationSettings: true)
        let data = try JSONEncoder().encode(snapshot)
        #expect(try JSONDecoder().decode(Snapshot.self, from: data) == snapshot)
    }
}
