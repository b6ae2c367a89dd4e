import Foundation
import PushBus
import PushBusTestSupport
import Testing

struct RegistrationFailure: Error, CustomStringConvertible {
    var description: String { "no valid aps-environment entitlement" }
}

/// Device-token registration reaches the center's registration events.
@Suite struct AdapterRegistrationTests {
    @Test func deviceTokenIsPostedAsLowercaseHex() throws {
        let fixture = AdapterFixture()
        let events = Recorder<RegistrationEvent>()
        let subscription = fixture.center.subscribeRegistration { events.record($0) }
        defer { subscription.cancel() }
        let bytes = Data([0x00, 0x0A, 0xBC, 0xFF] + Array(repeating: 0xE1, count: 60))  // 64 bytes: not assumed 32

        fixture.appDelegate.didRegisterForRemoteNotifications(deviceToken: bytes)

        let expected = "000abcff" + String(repeating: "e1", count: 60)
        #expect(events.values == [.registered(PushToken(bytes))])
        #expect(fixture.center.deviceToken?.hexString == expected)
        #expect(fixture.delivery.deliveryDiagnostics.isDeviceTokenForwarded)
    }

    @Test func registrationFailureIsPosted() throws {
        let fixture = AdapterFixture()
        let events = Recorder<RegistrationEvent>()
        let subscription = fixture.center.subscribeRegistration { events.record($0) }
        defer { subscription.cancel() }

        fixture.appDelegate.didFailToRegisterForRemoteNotifications(error: RegistrationFailure())

        guard case .failed(let error)? = events.last else {
            Issue.record("expected a failure event, got \(String(describing: events.last))")
            return
        }
        #expect(error.message.contains("aps-environment"))
        #expect(fixture.center.deviceToken == nil)
    }

    @Test func aLaterSubscriberStillGetsTheToken() {
        let fixture = AdapterFixture()
        fixture.appDelegate.didRegisterForRemoteNotifications(deviceToken: Data([0xAB, 0xCD]))
        let events = Recorder<RegistrationEvent>()

        let subscription = fixture.center.subscribeRegistration { events.record($0) }
        defer { subscription.cancel() }

        #expect(events.values.map { if case .registered(let token) = $0 { token.hexString } else { "" } } == ["abcd"])
    }
}

/// What `willPresent` answers, per message.
@Suite struct AdapterPresentationPolicyTests {
    @Test func defaultShowsBannerListSoundAndBadge() {
        let fixture = AdapterFixture()
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }

        #expect(options.values == [[.banner, .list, .sound, .badge]])
        #expect(PresentationOptions.all.rawValue == 1 | 2 | 8 | 16)
    }

    @Test func silentMessagesGetAnEmptyAnswer() {
        let fixture = AdapterFixture()
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.silent)) { options.record($0) }

        #expect(options.values == [[]])
    }

    @Test func aCustomPolicyDecidesPerMessage() {
        let fixture = AdapterFixture()
        fixture.delivery.presentationPolicy = .custom { message in
            message.content.categoryIdentifier == "CHAT" ? [.sound] : [.banner]
        }
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.chat)) { options.record($0) }
        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }

        #expect(options.values == [[.sound], [.banner]])
    }

    @Test func hiddenPolicyShowsNothing() {
        let fixture = AdapterFixture()
        fixture.delivery.presentationPolicy = .hidden
        let options = Recorder<PresentationOptions>()

        fixture.userNotifications.willPresent(Payloads.snapshot(Payloads.alert)) { options.record($0) }

        #expect(options.values == [[]])
        #expect(fixture.messages.count == 1)  // still delivered to subscribers
    }

    @Test func presentationOptionsUseApplesRawValues() {
        #expect(PresentationOptions.badge.rawValue == 1)
        #expect(PresentationOptions.sound.rawValue == 2)
        #expect(PresentationOptions.alert.rawValue == 4)
        #expect(PresentationOptions.list.rawValue == 8)
        #expect(PresentationOptions.banner.rawValue == 16)
    }
}

/// The self-check's findings, from the facts the adapters record.
@Suite struct AdapterDiagnosticsTests {
    @Test func aFreshSetupReportsMissingTokenAndCategories() {
        let fixture = AdapterFixture()

        let codes = fixture.delivery.deliveryDiagnostics.findings.map(\.code)

        #expect(codes == ["token.missing", "categories.missing"])
    }

    @Test func noDelegateByTheEndOfLaunchIsReported() {
        let fixture = AdapterFixture()

        fixture.appDelegate.applicationDidBecomeActive()

        #expect(fixture.delivery.deliveryDiagnostics.findings.map(\.code).contains("delegate.missing"))
    }

    @Test func aWellConfiguredAppHasNoFindings() {
        let fixture = AdapterFixture()
        fixture.delivery.recordDiagnostics { facts in
            facts.isNotificationDelegateInstalled = true
            facts.wasDelegateInstalledDuringLaunch = true
            facts.areCategoriesRegistered = true
            facts.authorization = .authorized
        }
        fixture.appDelegate.didRegisterForRemoteNotifications(deviceToken: Data([1, 2, 3]))
        fixture.appDelegate.applicationDidBecomeActive()

        #expect(fixture.delivery.deliveryDiagnostics.findings.isEmpty)
    }

    @Test func replacedDelegateAndDeniedAuthorizationAreReported() {
        let fixture = AdapterFixture()
        fixture.delivery.recordDiagnostics { facts in
            facts.isNotificationDelegateInstalled = true
            facts.wasDelegateInstalledDuringLaunch = true
            facts.isDelegateReplaced = true
            facts.authorization = .denied
        }

        let codes = fixture.delivery.deliveryDiagnostics.findings.map(\.code)

        #expect(codes.contains("delegate.replaced"))
        #expect(codes.contains("authorization.denied"))
    }
}
