import Foundation
import PushBusCore
import PushBusValidation
import Testing

/// What `pushbus validate` prints and exits with, through ``PayloadReport`` (the command is a thin wrapper).
@Suite struct ValidatorReportTests {
    private func report(_ text: String, _ type: PushType = .alert) -> PayloadReport {
        PayloadReport(source: "test.json", data: Data(text.utf8), pushType: type)
    }

    @Test func aCleanPayloadExitsZero() {
        let report = report(#"{"aps":{"alert":"Hi"},"route":"app://home"}"#)
        #expect(report.status == .clean)
        #expect(report.status.rawValue == 0)
        #expect(report.message?.deepLink == URL(string: "app://home"))
    }

    @Test func warningsAloneStillExitZero() {
        let report = report(#"{"aps":{"alert":"Hi","bagde":1}}"#)
        #expect(!report.diagnostics.isEmpty)
        #expect(report.status == .clean)
    }

    @Test func errorsExitOne() {
        #expect(report(#"{"aps":{"badge":"3"}}"#).status.rawValue == 1)
        #expect(report("not json").status.rawValue == 1, "text that is not JSON is an error in the payload")
    }

    @Test func unreadableInputExitsTwo() {
        let unreadable = PayloadReport(source: "missing.json", readFailure: "no such file")
        #expect(unreadable.status.rawValue == 2)
        #expect(unreadable.text.contains("missing.json: cannot read: no such file"))
        #expect(unreadable.message == nil)
    }

    @Test func theWorstReportDecidesTheExitStatus() {
        let clean = report(#"{"aps":{"alert":"Hi"}}"#)
        let broken = report(#"{"aps":[]}"#)
        let unreadable = PayloadReport(source: "x", readFailure: "gone")
        #expect(PayloadReport.status(of: [clean, clean]) == .clean)
        #expect(PayloadReport.status(of: [clean, broken]) == .errors)
        #expect(PayloadReport.status(of: [unreadable, broken, clean]) == .unreadable)
        #expect(PayloadReport.status(of: []) == .clean)
    }

    @Test func textShowsDiagnosticsAndTheNormalizedMessage() {
        let text = report(#"{"aps":{"alert":{"title":"T","body":"B"},"badge":"3"},"_j_msgid":42,"route":"app://a"}"#)
            .text
        #expect(text.hasPrefix("test.json: invalid (1 error, 0 warnings)"))
        #expect(text.contains("error: aps.badge:"))
        #expect(text.contains("id: jpush:42"))
        #expect(text.contains("deep link: app://a"))
        #expect(text.contains("title: T"))
        #expect(text.contains("badge: 3"))
        #expect(text.contains("aps.badge: expected a number"))
    }

    @Test func jsonOutputIsMachineReadable() throws {
        let value = report(#"{"aps":{"content-available":1},"gcm.message_id":"m1"}"#, .background).json
        let reparsed = try PushValue(json: value.jsonData())
        #expect(reparsed["status"] == "clean")
        #expect(reparsed["exitStatus"] == 0)
        #expect(reparsed["diagnostics"] == [])
        #expect(reparsed["message"]?["id"] == "fcm:m1")
        #expect(reparsed["message"]?["isSilent"] == true)
        #expect(reparsed["message"]?["provider"]?["name"] == "fcm")
        #expect(reparsed["message"]?["content"]?["isContentAvailable"] == true)
    }

    @Test func anUnreadablePayloadStillYieldsAMessageWithIssues() {
        let report = report("{oops")
        #expect(report.message?.content.issues.isEmpty == false)
    }
}
