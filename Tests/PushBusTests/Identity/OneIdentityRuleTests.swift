import Foundation
import PushBusTesting
import Testing

@testable import PushBus
@testable import PushBusCategories
@testable import PushBusContentExtensionKit
@testable import PushBusCore
@testable import PushBusDelivery
@testable import PushBusHub
@testable import PushBusLiveActivity
@testable import PushBusServiceExtension
@testable import PushBusStorage
@testable import PushBusValidation

/// Every layer that asks "is this the same delivery?" — the hub's gate, the ledger's queries, the inbox — gives the
/// answer of the one rule, `SeenDeliveries`, for the same two reports. Before the rule was shared, the inbox folded
/// case with `caseInsensitiveCompare` ("straße" = "STRASSE") while the hub lowercased ("straße" ≠ "strasse"), and
/// the ledger compared a callback's date as if it were the notification's own date. `.ci/steps/41-one-identity-rule.sh`
/// checks that no other comparison is written anywhere.
@Suite struct OneIdentityRuleTests {
    /// Now: the inbox drops entries older than its maximum age.
    static let t0 = Date(timeIntervalSince1970: Date().timeIntervalSince1970.rounded())  // what the ledger keeps: ms

    /// One report of a push: what it knows (request identifier, the notification's own date) and when the app was
    /// handed it, in seconds after `t0`.
    struct Report: Sendable, CustomTestStringConvertible {
        var identifier: String?
        var notificationDate: TimeInterval?
        var reportedAt: TimeInterval

        var evidence: SeenDeliveries.Evidence {
            SeenDeliveries.Evidence(identifier: identifier, date: notificationDate.map(OneIdentityRuleTests.at))
        }

        var testDescription: String {
            "id \(identifier ?? "–"), date \(notificationDate.map { "\($0)" } ?? "–"), reported \(reportedAt)"
        }

        func message(_ kind: PushMessage.Kind = .remote) -> PushMessage {
            PushMessage(
                kind: kind, content: PushContent(payload: ["aps": ["alert": "Your order shipped"]]),
                requestIdentifier: identifier, date: OneIdentityRuleTests.at(reportedAt),
                notificationDate: notificationDate.map(OneIdentityRuleTests.at))
        }
    }

    static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    /// Pairs chosen where hand-written comparisons used to disagree.
    static let pairs: [(Report, Report)] = [
        // Case folding: equal ignoring ASCII case; "ß" is not "SS" (Foundation's caseInsensitiveCompare said it was).
        (Report(identifier: "5F1C-ab", reportedAt: 0), Report(identifier: "5f1c-AB", reportedAt: 5)),
        (Report(identifier: "straße", reportedAt: 0), Report(identifier: "STRASSE", reportedAt: 5)),
        (Report(identifier: "Ärger", reportedAt: 0), Report(identifier: "äRGER", reportedAt: 5)),
        (Report(identifier: "A", reportedAt: 0), Report(identifier: "B", reportedAt: 0)),
        // Notification dates: within a second is one delivery, beyond is two, whatever the callbacks' dates.
        (Report(notificationDate: 0, reportedAt: 0), Report(notificationDate: 0.6, reportedAt: 120)),
        (Report(notificationDate: 0, reportedAt: 0), Report(notificationDate: 2, reportedAt: 2)),
        // A report that did not know the notification's date: its callback's date is not compared as one.
        (Report(reportedAt: 2), Report(identifier: "r-1", notificationDate: 0, reportedAt: 10)),
        // No common evidence: the correlation window (30 s) on the best known delivery dates.
        (Report(reportedAt: 0), Report(reportedAt: 20)),
        (Report(reportedAt: 0), Report(reportedAt: 45)),
        (Report(identifier: "r-2", reportedAt: 0), Report(notificationDate: 40, reportedAt: 41)),
    ]

    static func ruleSaysSame(_ first: Report, _ second: Report) -> Bool {
        SeenDeliveries.isSameDelivery(
            first.evidence, reportedAt: at(first.reportedAt), second.evidence, reportedAt: at(second.reportedAt),
            correlationWindow: 30)
    }

    @Test(arguments: pairs)
    func theInboxFindsAnEntryExactlyWhenTheRuleSaysSame(_ first: Report, _ second: Report) throws {
        let inbox = PushInbox(ledger: DeliveryLedger())
        try inbox.add(first.message())
        #expect((inbox.entry(for: second.message()) != nil) == Self.ruleSaysSame(first, second))
    }

    @Test(arguments: pairs)
    func theHubGateDropsExactlyWhatTheRuleCallsSame(_ first: Report, _ second: Report) {
        let clock = ManualClock(start: Self.t0)
        let center = PushCenter(configuration: .init(deduplicationWindow: 30, clock: clock))
        center.post(first.message())
        clock.advance(by: second.reportedAt - first.reportedAt)
        // The hub times reports by its own monotonic clock, which here advances as the callbacks' dates do.
        let isDuplicate = center.post(second.message()) == .duplicate
        #expect(isDuplicate == Self.ruleSaysSame(first, second))
    }

    @Test(arguments: pairs)
    func theLedgerIsAboutExactlyWhatTheRuleDoesNotProveApart(_ first: Report, _ second: Report) throws {
        let ledger = DeliveryLedger()
        let record = try ledger.record(.received, for: first.message())
        let isAbout = record.isAbout(
            messageID: record.messageID, requestIdentifier: second.identifier,
            notificationDate: second.notificationDate.map(Self.at))
        #expect(isAbout == SeenDeliveries.mayBeSameDelivery(first.evidence, second.evidence))
        #expect(record.notificationDate == first.notificationDate.map(Self.at), "never the callback's date")
        #expect(record.reportedAt == Self.at(first.reportedAt))
    }

    @Test func aRecordThatDidNotKnowTheNotificationDateStillAnswersForItsTap() throws {
        // Given a push first reported by the legacy callback (no request identifier, no notification date) 2 s
        // after it arrived, and opened
        let ledger = DeliveryLedger()
        let legacy = Report(reportedAt: 2)
        try ledger.record(.opened(), for: legacy.message(.remoteTapped))
        // Then the delivery that knows the notification's date (0) finds the open: the record's date was a
        // callback's, so it proves nothing apart (before, 2 s vs 0 s made it "another delivery").
        #expect(
            ledger.hasRecorded(
                .opened, messageID: legacy.message(.remoteTapped).id, requestIdentifier: "r-9",
                notificationDate: Self.at(0)))
    }
}
