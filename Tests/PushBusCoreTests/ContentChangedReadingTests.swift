import PushBusCore
import Testing

/// `aps.content-changed` (widget and control pushes) is a documented key: the lenient reader records no issue for it.
struct ContentChangedReadingTests {
    @Test func aWidgetOrControlPushReadsWithoutIssues() {
        let content = PushContent(payload: ["aps": ["content-changed": true]])
        #expect(content.issues.isEmpty, "\(content.issues)")
    }

    @Test func anUnknownApsKeyIsStillReported() {
        let content = PushContent(payload: ["aps": ["content-changd": true]])
        #expect(content.issues.map(\.keyPath) == ["aps.content-changd"])
    }
}
