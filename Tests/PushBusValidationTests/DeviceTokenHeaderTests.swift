import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// Device tokens have no fixed length ("APNs device tokens are of variable length. Do not hard-code their size.",
/// UIKit's `application(_:didRegisterForRemoteNotificationsWithDeviceToken:)`): any non-empty, even number of
/// hexadecimal digits is accepted; 64 digits is only the common case.
@Suite struct DeviceTokenHeaderTests {
    static let payload = Data(#"{"aps":{"alert":"Hi"}}"#.utf8)

    private func check(_ token: String, _ type: PushType = .alert) -> [PayloadDiagnostic] {
        let payload = type.isWidgetKit ? Data(#"{"aps":{"content-changed":true}}"#.utf8) : Self.payload
        return PayloadValidator.validateRequest(payload, headers: .init(deviceToken: token, pushType: type))
    }

    @Test(arguments: [2, 32, 64, 66, 100, 160, 200])
    func anyEvenNumberOfHexDigitsIsAToken(_ digits: Int) {
        let token = String(repeating: "a1B2", count: digits / 4) + String("a1B2".prefix(digits % 4))
        #expect(token.count == digits)
        #expect(check(token) == [])
    }

    @Test(arguments: [PushType.alert, .background, .liveActivity, .controls, .widgets, .voip])
    func aSixtySixCharacterTokenIsAcceptedForEveryPushType(_ type: PushType) {
        let token = "7f" + String(repeating: "0123456789abcdef", count: 4)
        #expect(token.count == 66)
        #expect(!check(token, type).contains { $0.keyPath == "device-token" })
        #expect(PushToken(hexString: token)?.data.count == 33)
    }

    @Test(arguments: [
        ("", "the device token is empty"),
        ("abc", "expected two hexadecimal digits per byte, found 3 digits"),
        ("zz" + String(repeating: "0", count: 62), "expected hexadecimal digits"),
        ("<a1b2 c3d4>", "expected hexadecimal digits"),
    ])
    func emptyOddOrNotHexIsAnError(_ token: String, _ message: String) {
        let found = check(token)
        #expect(found.map(\.keyPath) == ["device-token"])
        #expect(found.first?.message.hasPrefix(message) == true)
    }
}

extension PushType {
    fileprivate var isWidgetKit: Bool { self == .controls || self == .widgets }
}
