import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// `apns-collapse-id` is at most 64 bytes ("Sending notification requests to APNs"), counted in UTF-8.
@Suite struct CollapseIDHeaderTests {
    static let payload = Data(#"{"aps":{"alert":"Score: 2-1"}}"#.utf8)

    private func check(_ collapseID: String) -> [PayloadDiagnostic] {
        PayloadValidator.validateRequest(Self.payload, headers: .init(collapseID: collapseID))
    }

    @Test func sixtyFourBytesAreAcceptedSixtyFiveAreNot() {
        #expect(check(String(repeating: "m", count: 64)) == [])
        #expect(check("match-1029-score") == [])
        let found = check(String(repeating: "m", count: 65))
        #expect(
            found == [
                PayloadDiagnostic(
                    severity: .error, keyPath: "apns-collapse-id", message: "65 bytes; APNs accepts at most 64")
            ])
    }

    @Test func bytesAreCountedNotCharacters() {
        let thirtyTwoCharacters = String(repeating: "é", count: 32)  // 64 bytes
        #expect(check(thirtyTwoCharacters) == [])
        let found = check(String(repeating: "é", count: 33))  // 33 characters, 66 bytes
        #expect(found.map(\.message) == ["66 bytes; APNs accepts at most 64"])
    }

    @Test func anEmptyCollapseIDIsWarned() {
        #expect(check("").map(\.severity) == [.warning])
    }
}
