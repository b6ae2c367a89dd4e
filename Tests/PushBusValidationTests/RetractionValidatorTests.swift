import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// `pushbus validate` knows the retract and replace keys: wrong types, unknown keys, and a retraction no code runs.
@Suite struct RetractionValidatorTests {
    func diagnostics(_ json: String, _ type: PushType = .alert) -> [String] {
        PayloadValidator.validate(Data(json.utf8), pushType: type).map(\.description)
    }

    @Test func aSilentRetractAndAVisibleReplaceAreClean() {
        #expect(diagnostics(#"{"aps":{"content-available":1},"pushbus":{"retract":["0:1%a"]}}"#, .background) == [])
        #expect(
            diagnostics(#"{"aps":{"alert":"New","mutable-content":1},"pushbus":{"replaces":"0:1%a"}}"#) == [])
    }

    @Test func wrongTypesAreErrorsAndCoercionsWarnings() {
        let found = diagnostics(
            #"{"aps":{"content-available":1},"pushbus":{"retract":["a","",7],"replaces":{},"retrct":[]}}"#)
        #expect(found.contains { $0.hasPrefix("error: pushbus.retract[1]:") })
        #expect(found.contains { $0.hasPrefix("error: pushbus.replaces:") })
        #expect(found.contains { $0.hasPrefix("warning: pushbus.retract[2]:") })
        #expect(found.contains { $0.hasPrefix("warning: pushbus.retrct: not a PushBus key") })
        #expect(
            diagnostics(#"{"aps":{"content-available":1},"pushbus":[1]}"#).first?.hasPrefix("error: pushbus:") == true)
    }

    @Test func aRetractNoCodeRunsForIsAnError() {
        // Neither content-available nor an alert with mutable-content: neither the app nor the NSE runs.
        #expect(
            diagnostics(#"{"aps":{"alert":"Read"},"pushbus":{"retract":["0:1%a"]}}"#).first?
                .hasPrefix("error: pushbus: no code runs for this push") == true)
        // mutable-content without an alert does not start the NSE either.
        #expect(
            diagnostics(#"{"aps":{"badge":1,"mutable-content":1},"pushbus":{"retract":["0:1%a"]}}"#)
                .contains { $0.hasPrefix("error: pushbus: no code runs") })
    }

    @Test func aReplaceWithoutAnAlertIsAnError() {
        #expect(
            diagnostics(#"{"aps":{"content-available":1},"pushbus":{"replaces":"0:1%a"}}"#, .background)
                .contains { $0.hasPrefix("error: pushbus.replaces: a replacing push shows the new content") })
    }
}
