import Foundation
import PushBusCore
import PushBusStorage
import PushBusTestSupport
import Testing

/// What an app asks the ledger (history, recent records, per-message state, "seen already?"), answered the same
/// way in memory and from a directory, and again after the directory is reopened (the next launch).
@Suite struct LedgerRecordingTests {
    enum Storage: CaseIterable { case memory, directory }

    /// Runs `body` with a ledger of `storage`, then (for a directory) with a second ledger opened on the same files.
    private func withLedgers(_ storage: Storage, _ body: (DeliveryLedger, () throws -> DeliveryLedger) throws -> Void)
        throws
    {
        var configuration = DeliveryLedger.Configuration()
        configuration.keptCustomKeys = ["campaign"]
        switch storage {
        case .memory:
            let ledger = DeliveryLedger(configuration: configuration)
            try body(ledger, { ledger })
        case .directory:
            let directory = try LedgerDirectory()
            defer { directory.remove() }
            try body(
                try DeliveryLedger(directory: directory.url, configuration: configuration),
                { try DeliveryLedger(directory: directory.url, configuration: configuration) })
        }
    }

    @Test(arguments: Storage.allCases)
    func recordsEachEventWithIdsSummaryAndRole(_ storage: Storage) throws {
        try withLedgers(storage) { ledger, reopen in
            // Given a push received by the service extension, then presented, opened with a reply and routed
            let message = LedgerFixture.message("42")
            try ledger.record(.received, for: message, role: .serviceExtension)
            try ledger.record(.presented, for: message)
            try ledger.record(.opened(action: "reply", userText: "On my way"), for: message)
            try ledger.record(.routed(URL(string: "shop/42")!), for: message)

            // Then the next launch reads the same history, in order, with the summary on the first record only
            let history = try reopen().history(of: message.id)
            #expect(history.map(\.event.kind) == [.received, .presented, .opened, .routed])
            #expect(history.map(\.sequence) == [1, 2, 3, 4])
            #expect(history.first?.role == .serviceExtension)
            #expect(history.dropFirst().allSatisfy { $0.role == .app && $0.summary == nil })
            #expect(
                history.allSatisfy { $0.requestIdentifier == "request-42" && $0.notificationDate == LedgerFixture.date }
            )
            let summary = try #require(history.first?.summary)
            #expect(summary.title == "Sale" && summary.body == "50% off")
            #expect(summary.categoryIdentifier == "promo" && summary.threadIdentifier == "t1")
            #expect(summary.deepLink?.absoluteString == "shop/42")
            #expect(summary.customData == ["campaign": .string("spring")])
            #expect(history[2].event.action == "reply" && history[2].event.userText == "On my way")
        }
    }

    @Test(arguments: Storage.allCases)
    func stateAnswersDeliveredOpenedAndWithWhichAction(_ storage: Storage) throws {
        try withLedgers(storage) { ledger, reopen in
            let opened = LedgerFixture.message("1")
            let ignored = LedgerFixture.message("2")
            try ledger.record(.received, for: opened, role: .serviceExtension)
            try ledger.record(.received, for: opened, role: .app)
            try ledger.record(.responded(PushResponse(action: .custom("like"))), for: opened)
            try ledger.record(.received, for: ignored, role: .serviceExtension)

            let next = try reopen()
            let state = try #require(next.state(of: opened.id))
            #expect(state.receivedBy == [.serviceExtension, .app])
            #expect(state.isOpened && state.openedActions == ["like"] && !state.isRouted)
            #expect(next.state(of: ignored.id)?.isOpened == false)
            #expect(next.state(of: PushMessage.ID(rawValue: "never")) == nil)
            // "Seen already?" as a delivery asks it: message id + request identifier + notification date
            #expect(
                next.hasRecorded(
                    .opened, messageID: opened.id, requestIdentifier: "request-1", notificationDate: LedgerFixture.date)
            )
            // Request identifiers compare case-insensitively
            #expect(next.hasRecorded(.opened, messageID: opened.id, requestIdentifier: "REQUEST-1"))
            #expect(!next.hasRecorded(.opened, messageID: opened.id, requestIdentifier: "another-request"))
            #expect(!next.hasRecorded(.opened, messageID: opened.id, notificationDate: LedgerFixture.date + 60))
            #expect(!next.hasRecorded(.opened, messageID: ignored.id))
        }
    }

    @Test(arguments: Storage.allCases)
    func recentIsNewestFirstWithinLimitAndDate(_ storage: Storage) throws {
        try withLedgers(storage) { ledger, reopen in
            for index in 0..<10 { try ledger.append(LedgerFixture.record("m\(index)")) }
            let next = try reopen()
            #expect(next.recent(limit: 3).map(\.messageID.rawValue) == ["m9", "m8", "m7"])
            #expect(next.recent(limit: 100).count == 10)
            #expect(next.recent(limit: 100, since: Date.distantFuture).isEmpty)
            #expect(next.records(after: 8).map(\.sequence) == [9, 10])
        }
    }

    @Test func customEventKindsAndValuesRoundTrip() throws {
        // Given kinds this version does not define (an inbox's read state, a content extension's answer)
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        let ledger = try DeliveryLedger(directory: directory.url)
        try ledger.append(
            LedgerFixture.record("a", DeliveryEvent(kind: "inbox.read", values: ["source": "list"])))
        try ledger.append(
            LedgerFixture.record("a", DeliveryEvent(kind: "content.answer", action: "rate", values: ["value": "5"])))
        let events = try DeliveryLedger(directory: directory.url).history(of: PushMessage.ID(rawValue: "a")).map(
            \.event)
        #expect(
            events == [
                DeliveryEvent(kind: "inbox.read", values: ["source": "list"]),
                DeliveryEvent(kind: "content.answer", action: "rate", values: ["value": "5"]),
            ])
    }

    @Test func summaryIsBoundedAndSaysSo() {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumSummaryBytes = 64
        configuration.keptCustomKeys = ["big"]
        let json =
            #"{"aps":{"alert":{"title":"T","body":"\#(String(repeating: "é", count: 100))"}},"big":"\#(String(repeating: "x", count: 500))"}"#
        let message = PushMessage(content: PushContent(json: Data(json.utf8)))
        let summary = DeliverySummary(message, keeping: configuration.keptCustomKeys, maximumBytes: 64)
        #expect(summary.isTruncated)
        #expect(summary.customData.isEmpty)
        #expect((summary.body?.utf8.count ?? 0) <= 64 && summary.body?.hasPrefix("éé") == true)
    }

    @Test func eventValuesAreKeptWholeWhenTheyFitAndCutInKeyOrderWhenNot() throws {
        var configuration = DeliveryLedger.Configuration()
        configuration.maximumSummaryBytes = 16
        let ledger = DeliveryLedger(configuration: configuration)
        let fits = try ledger.append(
            LedgerFixture.record("a", DeliveryEvent(kind: .opened, values: ["b": "22", "a": "1"])))
        #expect(fits.event.values == ["a": "1", "b": "22"])
        // "a" + "1" (2 bytes) fits, "b" + 20 bytes does not, and nothing after it is kept ("c" would fit).
        let cut = try ledger.append(
            LedgerFixture.record(
                "b", DeliveryEvent(kind: .opened, values: ["c": "3", "b": String(repeating: "x", count: 20), "a": "1"]))
        )
        #expect(cut.event.values == ["a": "1"])
    }
}

/// The names DESIGN.md's Contract fixes for the ledger, compiled.
@Suite struct LedgerContractTests {
    @Test func contractNamesCompile() throws {
        let inMemory: () -> DeliveryLedger = DeliveryLedger.init
        let durable: (URL) throws -> DeliveryLedger = DeliveryLedger.init(directory:)
        let refresh: (DeliveryLedger) -> () throws -> Void = DeliveryLedger.refresh
        let directory = try LedgerDirectory()
        defer { directory.remove() }
        try refresh(inMemory())()
        try refresh(try durable(directory.url))()
    }
}
