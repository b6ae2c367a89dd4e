import Foundation
import PushBusCore
import PushBusHub
import PushBusTestSupport
import Testing

@Suite struct PushFilterTests {
    let remote = HubFixtures.message("r", kind: .remote, category: "ORDER")
    let tapped = HubFixtures.message("t", kind: .remoteTapped, category: "CHAT")
    let localTapped = HubFixtures.message("lt", kind: .localTapped)
    let silent = HubFixtures.message("s", kind: .remote, silent: true)

    @Test func allMatchesEveryMessage() {
        #expect([remote, tapped, localTapped, silent].allSatisfy(PushFilter.all.matches))
    }

    @Test func kindsMatchesListedKindsOnly() {
        let filter = PushFilter.kinds([.remote, .localTapped])
        #expect(filter.matches(remote))
        #expect(filter.matches(localTapped))
        #expect(!filter.matches(tapped))
        #expect(!PushFilter.kinds([]).matches(remote))
    }

    @Test func tappedMatchesBothTappedKinds() {
        #expect(PushFilter.tapped.matches(tapped))
        #expect(PushFilter.tapped.matches(localTapped))
        #expect(!PushFilter.tapped.matches(remote))
    }

    @Test func categoryComparesTheCategoryIdentifier() {
        #expect(PushFilter.category("ORDER").matches(remote))
        #expect(!PushFilter.category("ORDER").matches(tapped))
        #expect(!PushFilter.category("ORDER").matches(silent))
    }

    @Test func silentMatchesContentAvailableWithoutAlert() {
        #expect(PushFilter.silent.matches(silent))
        #expect(!PushFilter.silent.matches(remote))
    }

    @Test func providerComparesTheRecognizedProvider() {
        var fcm = remote
        fcm.provider = PushProvider(name: .fcm, messageID: "0:1")
        #expect(PushFilter.provider(.fcm).matches(fcm))
        #expect(!PushFilter.provider(.jpush).matches(fcm))
        #expect(!PushFilter.provider(.fcm).matches(localTapped))
    }

    @Test func whereRunsThePredicate() {
        let filter = PushFilter.where { $0.id.rawValue.hasPrefix("l") }
        #expect(filter.matches(localTapped))
        #expect(!filter.matches(remote))
    }

    @Test func combinesWithAndOrNot() {
        let tappedChat = PushFilter.tapped && .category("CHAT")
        #expect(tappedChat.matches(tapped))
        #expect(!tappedChat.matches(localTapped))

        let orderOrSilent = PushFilter.category("ORDER") || .silent
        #expect(orderOrSilent.matches(remote))
        #expect(orderOrSilent.matches(silent))
        #expect(!orderOrSilent.matches(tapped))

        #expect((!PushFilter.tapped).matches(remote))
        #expect(!(!PushFilter.tapped).matches(tapped))
    }

    @Test func hubDeliversOnlyWhatTheFilterMatches() {
        let center = HubFixtures.center()
        let received = Recorder<PushMessage>()
        let subscription = center.subscribe(.tapped || .silent) { received.record($0) }
        for message in [remote, tapped, localTapped, silent] { center.post(message) }
        #expect(received.ids == ["t", "lt", "s"])
        _ = subscription
    }
}
