import Foundation
import PushBusCore
import Testing

/// `pushbus.retract` and `pushbus.replaces` read into `PushContent.retraction`, leniently, with an issue for every
/// value that was not what the convention says.
@Suite struct RetractionKeysParsingTests {
    func content(_ json: String) -> PushContent { PushContent(json: Data(json.utf8)) }

    @Test func retractAndReplacesReadIntoTypedFields() {
        let read = content(
            #"{"aps":{"content-available":1},"pushbus":{"retract":["fcm:0:1%a","0:1%b"],"replaces":"x"}}"#)
        #expect(read.retraction == PushRetraction(retracted: ["fcm:0:1%a", "0:1%b"], replaced: "x"))
        #expect(read.issues.isEmpty)
    }

    @Test func aPushWithoutTheKeysHasNoRetraction() {
        #expect(content(#"{"aps":{"alert":"Hi"},"pushbus":{}}"#).retraction == nil)
        #expect(content(#"{"aps":{"alert":"Hi"}}"#).retraction == nil)
    }

    @Test func oneStringAndNumbersAreReadAsIdsAndReported() {
        let single = content(#"{"pushbus":{"retract":"0:1%a"}}"#)
        #expect(single.retraction?.retracted == ["0:1%a"])
        #expect(single.issues.map(\.keyPath) == ["pushbus.retract"])
        #expect(single.issues.map(\.resolution) == [.coerced])
        let number = content(#"{"pushbus":{"retract":[20266199577]}}"#)
        #expect(number.retraction?.retracted == ["20266199577"])
        #expect(number.issues.map(\.resolution) == [.coerced])
    }

    @Test func wrongTypesAreDroppedAndReportedNeverACrash() {
        let read = content(#"{"pushbus":{"retract":["ok","",null,{"id":"x"},[1]],"replaces":["y"]}}"#)
        #expect(read.retraction == PushRetraction(retracted: ["ok"]))
        #expect(
            read.issues.map(\.keyPath) == [
                "pushbus.replaces", "pushbus.retract[1]", "pushbus.retract[2]", "pushbus.retract[3]",
                "pushbus.retract[4]",
            ])
        #expect(read.issues.allSatisfy { $0.resolution == .ignored })
        let notAnObject = content(#"{"pushbus":"retract everything"}"#)
        #expect(notAnObject.retraction == nil)
        #expect(notAnObject.issues.map(\.keyPath) == ["pushbus"])
    }

    @Test func atMostOneHundredIdsAreKept() {
        let ids = (0..<150).map { "\"id-\($0)\"" }.joined(separator: ",")
        let read = content(#"{"pushbus":{"retract":[\#(ids)]}}"#)
        #expect(read.retraction?.retracted.count == 100)
        #expect(read.issues.map(\.keyPath) == ["pushbus.retract"])
    }

    @Test func aTargetNamesAMessageByPushBusIdOrByTheProvidersMessageId() {
        let fcm = PushMessage(content: content(#"{"aps":{"alert":"A"},"gcm.message_id":"0:1%a"}"#)).id
        #expect(fcm.rawValue == "fcm:0:1%a")
        #expect(PushRetraction(retracted: ["fcm:0:1%a"]).names(fcm))
        #expect(PushRetraction(retracted: ["0:1%a"]).names(fcm))
        #expect(PushRetraction(replaced: "0:1%a").names(fcm))
        #expect(!PushRetraction(retracted: ["0:1"]).names(fcm))
        let digest = PushMessage(content: content(#"{"aps":{"alert":"A"}}"#)).id
        #expect(!PushRetraction(retracted: [String(digest.rawValue.dropFirst("digest:".count))]).names(digest))
        #expect(PushRetraction(retracted: [digest.rawValue]).names(digest))
    }
}
