import Foundation
import PushBusCategories
import PushBusCore
import Testing

/// A tapped message's response resolves to the registered `PushAction`, so handlers know what was tapped.
@Suite struct CategoryRegistryLookupTests {
    private let registry: CategoryRegistry

    init() throws {
        registry = try CategoryRegistry {
            PushCategory("message", options: .customDismissAction) {
                PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
                PushAction.button("delete", title: "Delete", options: .destructive)
            }
            PushCategory("invite") {
                PushAction.button("accept", title: "Accept", options: .foreground)
                PushAction.button("delete", title: "Decline", options: .destructive)
            }
        }
    }

    @Test func looksUpCategoriesAndActions() {
        #expect(registry.category("message")?.options == .customDismissAction)
        #expect(registry.category("nope") == nil)
        #expect(registry.action("reply", inCategory: "message")?.isTextInput == true)
        #expect(registry.action("delete", inCategory: "invite")?.title == "Decline")
        #expect(registry.action("reply", inCategory: "invite") == nil)
        #expect(registry.action("reply", inCategory: "nope") == nil)
    }

    @Test func resolvesATappedTextInputResponse() {
        let message = PushMessage(
            kind: .remoteTapped, content: PushContent(userInfo: ["aps": ["alert": "Hi", "category": "message"]]),
            response: PushResponse(action: .custom("reply"), userText: "On my way"))
        let action = registry.action(for: message)
        #expect(action?.identifier == "reply")
        #expect(action?.isTextInput == true)
        #expect(message.response?.userText == "On my way")
    }

    @Test func sameActionIdentifierResolvesPerCategory() {
        let response = PushResponse(action: .custom("delete"))
        #expect(registry.resolve(response, categoryIdentifier: "message")?.title == "Delete")
        #expect(registry.resolve(response, categoryIdentifier: "invite")?.title == "Decline")
    }

    @Test func systemActionsResolveToNil() {
        #expect(registry.resolve(PushResponse(action: .open), categoryIdentifier: "message") == nil)
        #expect(registry.resolve(PushResponse(action: .dismiss), categoryIdentifier: "message") == nil)
        #expect(registry.resolve(PushResponse(action: .init(identifier: nil)), categoryIdentifier: "message") == nil)
    }

    @Test func withoutACategoryOnlyAnUnambiguousIdentifierResolves() {
        #expect(registry.resolve(PushResponse(action: .custom("accept")), categoryIdentifier: nil)?.title == "Accept")
        #expect(registry.resolve(PushResponse(action: .custom("delete")), categoryIdentifier: nil) == nil)
        #expect(
            registry.resolve(PushResponse(action: .custom("accept")), categoryIdentifier: "unknown")?.title == "Accept")
        #expect(registry.resolve(PushResponse(action: .custom("ghost")), categoryIdentifier: nil) == nil)
    }

    @Test func unknownActionInAKnownCategoryIsNil() {
        #expect(registry.resolve(PushResponse(action: .custom("accept")), categoryIdentifier: "message") == nil)
    }

    @Test func attachingActionFillsTheResponsesPushAction() {
        let response = PushResponse(action: .custom("reply"), userText: "Hi")
        let attached = registry.attachingAction(to: response, categoryIdentifier: "message")
        #expect(attached.pushAction?.isTextInput == true)
        #expect(attached.action == response.action && attached.userText == "Hi")
        let opened = registry.attachingAction(to: PushResponse(action: .open), categoryIdentifier: "message")
        #expect(opened.pushAction == nil)
    }

    @Test func messageFallsBackToTheAttachedActionWhenTheRegistryDoesNotKnowIt() {
        let attached = PushAction.button("legacy", title: "Legacy", options: .destructive)
        let message = PushMessage(
            kind: .localTapped, content: PushContent(title: "x", categoryIdentifier: "other"),
            response: PushResponse(action: .custom("legacy"), pushAction: attached))
        #expect(registry.action(for: message) == attached)
        #expect(CategoryRegistry.empty.categories.isEmpty)
    }

    @Test func messageWithoutResponseHasNoAction() {
        #expect(registry.action(for: PushMessage(content: PushContent(title: "x"))) == nil)
    }
}
