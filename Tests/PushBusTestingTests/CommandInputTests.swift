import Foundation
import PushBusTestSupport
import Testing

/// `pushbus validate` reads any input without trapping and stops at its size cap before parsing.
@Suite(.timeLimit(.minutes(2)))
struct ValidateInputLimitTests {
    @Test func aClosedStandardInputIsReportedWithStatusTwoNotACrash() async throws {
        let result = try await PushbusShell.run(#""$PUSHBUS" validate - <&-"#)
        #expect(result.status == 2)
        #expect(result.output.contains("standard input is closed"))
    }

    @Test func anEndlessStandardInputStopsAtTheCap() async throws {
        // Three times the cap: the command must give up at 1 MiB without parsing.
        let result = try await PushbusShell.run(#"head -c 3145728 /dev/zero | tr '\0' '[' | "$PUSHBUS" validate -"#)
        #expect(result.status == 2)
        #expect(result.output.contains("larger than 1048576 bytes"))
    }

    @Test func anOversizeFileIsRefusedBeforeParsing() async throws {
        let folder = try PushbusShell.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("big.json")
        try Data(repeating: UInt8(ascii: "["), count: 2 << 20).write(to: file)
        let result = try await PushbusShell.run(#""$PUSHBUS" validate "\#(file.path)""#)
        #expect(result.status == 2)
        #expect(result.output.contains("larger than"))
    }

    @Test func aProcessSubstitutionIsReadLikeAFile() async throws {
        let result = try await PushbusShell.run(#""$PUSHBUS" validate <(cat Examples/payloads/apns-alert.json)"#)
        #expect(result.status == 0)
        #expect(!result.output.contains("permission"))
    }

    @Test func devNullIsReportedAsEmptyNotAsAPermissionProblem() async throws {
        let result = try await PushbusShell.run(#""$PUSHBUS" validate /dev/null"#)
        #expect(result.status == 1)
        #expect(result.output.contains("empty"))
        #expect(!result.output.contains("permission"))
    }

    @Test func anOversizePayloadIsNotPrintedWhole() async throws {
        let body = String(repeating: "long body ", count: 1_000)
        let result = try await PushbusShell.run(
            #"printf '%s' '{"aps":{"alert":{"body":"\#(body)"}}}' | "$PUSHBUS" validate -"#)
        #expect(result.status == 1)  // larger than 4 KB: an error
        #expect(result.output.contains("more characters"))
        #expect(result.output.utf8.count < 2_000)
    }
}

/// Text output never passes a payload's control characters to the terminal.
@Suite(.timeLimit(.minutes(2)))
struct TerminalEscapingTests {
    /// A key that clears the screen and fakes a status line; a body that sets the terminal title.
    static let hostile = #"{"aps":{"alert":"\u001b]0;owned\u0007hi","category":"c"},"\u001b[2J\u001b[Hx: valid":1}"#

    @Test func validateEscapesControlCharactersInKeysAndStrings() async throws {
        let result = try await PushbusShell.run(#"printf '%s' '\#(Self.hostile)' | "$PUSHBUS" validate -"#)
        #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.output.contains(#"\u{1B}]0;owned\u{7}hi"#))
    }

    @Test func simulateEscapesControlCharactersInTheTimeline() async throws {
        let result = try await PushbusShell.run(
            #"printf '%s' '\#(Self.hostile)' | "$PUSHBUS" simulate - --state foreground"#)
        #expect(result.status == 0)
        #expect(!result.output.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 })
        #expect(result.output.contains(#"\u{1B}]0;owned"#))
    }
}

/// `pushbus simulate` input problems: one line on standard error, status 2.
@Suite(.timeLimit(.minutes(2)))
struct SimulateInputErrorTests {
    @Test func aMissingScenarioFileIsNamedInTheError() async throws {
        let result = try await PushbusShell.run(#""$PUSHBUS" simulate --scenario /nonexistent/scenario.json"#)
        #expect(result.status == 2)
        #expect(result.errors.contains("/nonexistent/scenario.json"))
    }

    @Test func actionOnAPayloadWithoutCategoryIsOneLineWithStatusTwo() async throws {
        let result = try await PushbusShell.run(
            #"printf '%s' '{"aps":{"alert":"Hi"}}' | "$PUSHBUS" simulate - --action reply"#)
        #expect(result.status == 2)
        #expect(result.errors.split(separator: "\n").count == 1)
        #expect(result.errors.contains("aps.category"))
    }

    @Test func aTypoInExpectIsAnErrorNamingTheKnownKey() async throws {
        let result = try await PushbusShell.run(
            #"sed 's/"routesOpened"/"routesOpend"/' Examples/scenarios/cold-start-product-tap.json > "$PUSHBUS_STDERR.json"; "#
                + #""$PUSHBUS" simulate --scenario "$PUSHBUS_STDERR.json"; status=$?; rm -f "$PUSHBUS_STDERR.json"; exit $status"#
        )
        #expect(result.status == 2)
        #expect(result.errors.contains("unknown key 'routesOpend' in expect; did you mean 'routesOpened'?"))
        #expect(!result.output.contains("PASSED"))
    }

    @Test func aDeeplyNestedScenarioIsReportedAsTooDeep() async throws {
        let nesting = String(repeating: "[", count: 5_000) + String(repeating: "]", count: 5_000)
        let result = try await PushbusShell.run(
            #"printf '%s' '{"name":"deep","steps":[],"extra":\#(nesting)}' > "$PUSHBUS_STDERR.json"; "#
                + #""$PUSHBUS" simulate --scenario "$PUSHBUS_STDERR.json"; status=$?; rm -f "$PUSHBUS_STDERR.json"; exit $status"#
        )
        #expect(result.status == 2)
        #expect(result.errors.contains("nested deeper than 64 levels"))
        #expect(!result.errors.contains("not valid JSON"))
    }
}

/// `pushbus apns` writes next to its input unless `-o` says otherwise.
@Suite(.timeLimit(.minutes(2)))
struct ApnsOutputPlacementTests {
    @Test func theAPNSFileIsWrittenNextToTheInput() async throws {
        let folder = try PushbusShell.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("alert.json")
        try Data(#"{"aps":{"alert":"Hi"}}"#.utf8).write(to: input)
        let result = try await PushbusShell.run(#""$PUSHBUS" apns "\#(input.path)" --bundle-id com.example"#)
        #expect(result.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("alert.apns").path))
        #expect(
            !FileManager.default.fileExists(atPath: BuiltBinary.packageRoot.appendingPathComponent("alert.apns").path))
    }
}

/// `validate --json` and `simulate --json` render a `PushMessage` with one renderer.
@Suite(.timeLimit(.minutes(2)))
struct MessageRenderingTests {
    @Test func validateAndSimulateRenderTheProviderTheSameWay() async throws {
        let payload = "Examples/payloads/airship.json"
        let validated = try await PushbusShell.run(#""$PUSHBUS" validate --json \#(payload)"#)
        let simulated = try await PushbusShell.run(#""$PUSHBUS" simulate \#(payload) --state foreground --json"#)
        let reports = try #require(
            try JSONSerialization.jsonObject(with: Data(validated.output.utf8)) as? [[String: Any]])
        let validatedMessage = try #require(reports.first?["message"] as? [String: Any])
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(simulated.output.utf8)) as? [String: Any])
        let simulatedMessage = try #require((document["messages"] as? [[String: Any]])?.first)
        let validatedProvider = try #require(validatedMessage["provider"] as? [String: Any])
        let simulatedProvider = try #require(simulatedMessage["provider"] as? [String: Any])
        #expect(validatedProvider["name"] as? String == simulatedProvider["name"] as? String)
        #expect(Set(validatedMessage.keys).subtracting(["path", "appState"]).isSubset(of: Set(simulatedMessage.keys)))
    }
}
