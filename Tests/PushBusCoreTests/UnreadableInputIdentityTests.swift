import Foundation
import PushBusCore
import Testing

/// Input that is not JSON is still one message with its own identity: distinct bytes give distinct ids, the
/// same bytes the same id.
@Suite(.timeLimit(.minutes(1))) struct UnreadableInputIdentityTests {
    private func id(_ text: String) -> String {
        PushMessage(content: PushContent(json: Data(text.utf8))).id.rawValue
    }

    @Test func distinctUnreadableInputsGetDistinctIDs() {
        let ids = ["{not json", "{\"aps\":", "", "\u{FEFF}", "nul", "[1,2"].map(id)
        #expect(Set(ids).count == ids.count)
        #expect(ids.allSatisfy { $0.hasPrefix("digest:") && $0.count == "digest:".count + 32 })
    }

    @Test func theSameBytesGetTheSameID() {
        #expect(id("{not json") == id("{not json"))
    }

    @Test func unreadableInputIsNotTheJSONNull() {
        #expect(id("{not json") != id("null"))
        #expect(PushContent(json: Data("{not json".utf8)).payload == .null)
    }

    @Test func contentGivenAPayloadAfterwardsIsIdentifiedByThatPayload() {
        var content = PushContent(json: Data("{not json".utf8))
        content.payload = ["aps": ["alert": "x"]]
        #expect(PushMessage(content: content).id == PushMessage(content: PushContent(payload: content.payload)).id)
    }

    @Test func invalidUTF8BytesAreDigestedAsBytes() {
        let a = PushMessage(content: PushContent(json: Data([0xFF, 0xFE, 0x01]))).id
        let b = PushMessage(content: PushContent(json: Data([0xFF, 0xFE, 0x02]))).id
        #expect(a != b)
    }
}
