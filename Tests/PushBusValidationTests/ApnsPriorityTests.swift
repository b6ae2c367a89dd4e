import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// `apns-priority` is 10, 5 or 1 ("Sending notification requests to APNs"; 1 prioritizes the device's power), for a
/// push to one device as for a broadcast; a background push is sent with 5.
@Suite struct ApnsPriorityTests {
    static let alert = Data(#"{"aps":{"alert":"Your order shipped"}}"#.utf8)
    static let silent = Data(#"{"aps":{"content-available":1}}"#.utf8)
    static let contentChanged = Data(#"{"aps":{"content-changed":true}}"#.utf8)

    @Test(arguments: [1, 5, 10])
    func oneFiveAndTenAreAccepted(_ priority: Int) {
        #expect(PayloadValidator.validateRequest(Self.alert, headers: .init(priority: priority)) == [])
        for type in [PushType.controls, .widgets] {
            let headers = PayloadValidator.RequestHeaders(pushType: type, priority: priority)
            #expect(PayloadValidator.validateRequest(Self.contentChanged, headers: headers) == [])
        }
        let broadcast = PayloadValidator.BroadcastHeaders(channelID: "dHN1L3Rlc3Q=", priority: priority)
        let update = Data(#"{"aps":{"event":"update","timestamp":1700000000,"content-state":{}}}"#.utf8)
        #expect(PayloadValidator.validateBroadcast(update, headers: broadcast) == [])
    }

    @Test(arguments: [0, 2, 3, 4, 6, 9, 11, -1])
    func anyOtherValueIsAnError(_ priority: Int) {
        let found = PayloadValidator.validateRequest(Self.alert, headers: .init(priority: priority))
        #expect(
            found == [
                PayloadDiagnostic(
                    severity: .error, keyPath: "apns-priority", message: "expected 10, 5 or 1, found \(priority)")
            ])
    }

    @Test func aBackgroundPushIsSentWithFiveOrOne() {
        for priority in [5, 1] {
            let headers = PayloadValidator.RequestHeaders(pushType: .background, priority: priority)
            #expect(PayloadValidator.validateRequest(Self.silent, headers: headers) == [])
        }
        let ten = PayloadValidator.validateRequest(Self.silent, headers: .init(pushType: .background, priority: 10))
        #expect(ten.map(\.severity) == [.error])
        #expect(ten.map(\.keyPath) == ["apns-priority"])
        let leftOut = PayloadValidator.validateRequest(Self.silent, headers: .init(pushType: .background))
        #expect(leftOut.map(\.severity) == [.warning])
    }
}
