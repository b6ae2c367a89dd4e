import Foundation
import PushBusCore
import Testing

/// A message is handed on many times per delivery (fan-out, parking, the tap memory, the ledger): copying it copies
/// one reference, and it still behaves as a value.
@Suite struct PushMessageCopyTests {
    let message = PushMessage(
        kind: .remoteTapped,
        content: PushContent(userInfo: ["aps": ["alert": ["title": "Sale", "body": "50% off"]], "route": "app://sale"]),
        requestIdentifier: "REQ-1", date: Date(timeIntervalSince1970: 1_700_000_000))

    @Test func aMessageIsOneReferenceWide() {
        #expect(MemoryLayout<PushMessage>.size == MemoryLayout<AnyObject>.size)
    }

    @Test func changingACopyLeavesTheOriginalAsItWas() {
        var copy = message
        copy.content.title = "Changed"
        copy.requestIdentifier = "REQ-2"
        copy.kind = .localTapped

        #expect(message.content.title == "Sale")
        #expect(message.requestIdentifier == "REQ-1")
        #expect(message.kind == .remoteTapped)
        #expect(copy.content.title == "Changed")
        #expect(copy != message)
    }

    @Test func equalFieldsMakeEqualMessagesWithEqualHashes() {
        var rebuilt = PushMessage(
            kind: .remoteTapped,
            content: PushContent(
                userInfo: ["aps": ["alert": ["title": "Sale", "body": "50% off"]], "route": "app://sale"]),
            requestIdentifier: "REQ-1", date: Date(timeIntervalSince1970: 1_700_000_000))
        #expect(rebuilt == message)
        #expect(rebuilt.hashValue == message.hashValue)
        #expect(Set([rebuilt, message]).count == 1)

        rebuilt.date = rebuilt.date.addingTimeInterval(1)
        #expect(rebuilt != message)
    }

    @Test func aMessageChangedThroughItsOnlyOwnerKeepsEveryOtherField() {
        var owned = message
        owned.appState = .background
        #expect(owned.id == message.id)
        #expect(owned.deepLink == message.deepLink)
        #expect(owned.response == message.response)
        #expect(owned.appState == .background)
    }
}
