import Testing

/// The guides' smallest examples, compiled at file scope in the snippet files beside this one as a reader pastes
/// them, and run here: a guide's first block that stops compiling or stops doing what its page says fails.
@Suite(.timeLimit(.minutes(1))) struct GuideSnippetTests {
    @Test func theValidationPageFindsNothingWrongWithAPlainAlert() {
        #expect(diagnostics.isEmpty)
    }
}
