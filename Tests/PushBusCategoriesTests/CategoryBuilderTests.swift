import PushBusCategories
import PushBusCore
import Testing

/// The action builder reads like a list and supports `if`, `if let`, `switch`, `for` and optionals.
@Suite struct CategoryBuilderTests {
    @Test func listsActionsInOrder() {
        let category = PushCategory("message") {
            PushAction.textInput("reply", title: "Reply", buttonTitle: "Send", placeholder: "Say something")
            PushAction.button("like", title: "Like")
            PushAction.button("delete", title: "Delete", options: [.destructive, .authenticationRequired])
        }
        #expect(category.identifier == "message")
        #expect(category.actions.map(\.identifier) == ["reply", "like", "delete"])
        #expect(
            category.actions[0].textInput == PushAction.TextInput(buttonTitle: "Send", placeholder: "Say something"))
        #expect(category.actions[2].isDestructive && category.actions[2].isAuthenticationRequired)
    }

    @Test(arguments: [true, false])
    func ifIncludesAnActionOnlyWhenTrue(_ canDelete: Bool) {
        let category = PushCategory("c") {
            PushAction.button("open", title: "Open", options: .foreground)
            if canDelete {
                PushAction.button("delete", title: "Delete", options: .destructive)
            }
        }
        #expect(category.actions.map(\.identifier) == (canDelete ? ["open", "delete"] : ["open"]))
    }

    @Test(arguments: [true, false])
    func ifElseChoosesOneBranch(_ isText: Bool) {
        let category = PushCategory("c") {
            if isText {
                PushAction.textInput("answer", title: "Answer", buttonTitle: "Send")
            } else {
                PushAction.button("answer", title: "Answer")
            }
        }
        #expect(category.actions.count == 1)
        #expect(category.actions[0].isTextInput == isText)
    }

    @Test func forAddsOneActionPerElement() {
        let minutes = [5, 15, 60]
        let category = PushCategory("snooze") {
            for minute in minutes {
                PushAction.button("snooze.\(minute)", title: "\(minute) min")
            }
            PushAction.button("stop", title: "Stop", options: .destructive)
        }
        #expect(category.actions.map(\.identifier) == ["snooze.5", "snooze.15", "snooze.60", "stop"])
    }

    @Test func optionalsAddNothingWhenNil() {
        let present: PushAction? = .button("a", title: "A")
        let absent: PushAction? = nil
        let category = PushCategory("c") {
            present
            absent
            if let unwrapped = present { unwrapped.icon(.system("star")) }
        }
        #expect(category.actions.map(\.identifier) == ["a", "a"])
        #expect(category.actions[1].icon == .system("star"))
    }

    @Test func switchAndArraysWork() {
        enum Kind { case chat, alarm }
        let kind = Kind.alarm
        let extra = [PushAction.button("x", title: "X"), PushAction.button("y", title: "Y")]
        let category = PushCategory("c") {
            switch kind {
            case .chat: PushAction.button("reply", title: "Reply")
            case .alarm: PushAction.button("snooze", title: "Snooze")
            }
            extra
        }
        #expect(category.actions.map(\.identifier) == ["snooze", "x", "y"])
    }

    @Test func emptyBuilderMakesACategoryWithoutActions() {
        #expect(PushCategory("empty") {}.actions.isEmpty)
    }

    @Test func categoryFieldsAndModifiers() {
        let category = PushCategory(
            "full", options: [.customDismissAction, .hiddenPreviewsShowTitle],
            intentIdentifiers: ["INSendMessageIntent"],
            hiddenPreviewsBodyPlaceholder: "New message", categorySummaryFormat: "%u more"
        ) {
            PushAction.button("a", title: "A")
        }
        #expect(category.intentIdentifiers == ["INSendMessageIntent"])
        #expect(category.hiddenPreviewsBodyPlaceholder == "New message")
        #expect(category.categorySummaryFormat == "%u more")
        #expect(category.options == [.customDismissAction, .hiddenPreviewsShowTitle])

        let modified = PushCategory("m") { PushAction.button("a", title: "A") }
            .intentIdentifiers(["i"]).hiddenPreviewsBodyPlaceholder("p").categorySummaryFormat("f")
        #expect(modified.intentIdentifiers == ["i"] && modified.hiddenPreviewsBodyPlaceholder == "p")
        #expect(modified.categorySummaryFormat == "f")
    }

    @Test func registryBuilderSupportsConditionsToo() throws {
        let includeAlarm = false
        let registry = try CategoryRegistry {
            PushCategory("chat") { PushAction.button("reply", title: "Reply") }
            if includeAlarm { PushCategory("alarm") { PushAction.button("snooze", title: "Snooze") } }
            for name in ["a", "b"] { PushCategory(name) {} }
        }
        #expect(registry.categories.map(\.identifier) == ["chat", "a", "b"])
    }
}
