import PushBusCategories
import PushBusCore
import Testing

/// Every option reaches the legacy (`UIMutableUserNotificationAction`/`Category`) and modern
/// (`UNNotificationAction`/`Category`) descriptions the Apple glue converts.
@Suite struct ActionDescriptorTests {
    @Test func optionRawValuesAreApples() {
        #expect(PushAction.Options.authenticationRequired.rawValue == 1)
        #expect(PushAction.Options.destructive.rawValue == 2)
        #expect(PushAction.Options.foreground.rawValue == 4)
        #expect(PushCategory.Options.customDismissAction.rawValue == 1)
        #expect(PushCategory.Options.allowInCarPlay.rawValue == 2)
        #expect(PushCategory.Options.hiddenPreviewsShowTitle.rawValue == 4)
        #expect(PushCategory.Options.hiddenPreviewsShowSubtitle.rawValue == 8)
        #expect(PushCategory.Options.allowAnnouncement.rawValue == 16)
    }

    @Test func plainButtonMapsToABackgroundDefaultLegacyAction() {
        let legacy = PushAction.button("ok", title: "OK").legacyDescriptor
        #expect(legacy.identifier == "ok" && legacy.title == "OK")
        #expect(legacy.activationMode == .background)
        #expect(!legacy.isAuthenticationRequired && !legacy.isDestructive)
        #expect(legacy.behavior == .default)
        #expect(legacy.textInputButtonTitle == nil)
    }

    @Test func foregroundOptionMapsToForegroundActivation() {
        #expect(PushAction.button("o", title: "O", options: .foreground).legacyDescriptor.activationMode == .foreground)
    }

    @Test func authenticationRequiredOptionMapsToTheLegacyFlag() {
        let legacy = PushAction.button("a", title: "A", options: .authenticationRequired).legacyDescriptor
        #expect(legacy.isAuthenticationRequired && !legacy.isDestructive && legacy.activationMode == .background)
    }

    @Test func destructiveOptionMapsToTheLegacyFlag() {
        let legacy = PushAction.button("d", title: "D", options: .destructive).legacyDescriptor
        #expect(legacy.isDestructive && !legacy.isAuthenticationRequired)
    }

    @Test func textInputMapsToTextInputBehaviorWithItsButtonTitle() {
        let legacy = PushAction.textInput("r", title: "Reply", options: .foreground, buttonTitle: "Send")
            .legacyDescriptor
        #expect(legacy.behavior == .textInput)
        #expect(legacy.textInputButtonTitle == "Send")
        #expect(legacy.activationMode == .foreground)
    }

    @Test func modernDescriptorCarriesOptionsIconAndTextInput() {
        let action = PushAction.textInput(
            "r", title: "Reply", options: [.destructive, .authenticationRequired], buttonTitle: "Send",
            placeholder: "Type…"
        ).icon(.template("reply-icon"))
        let modern = action.modernDescriptor
        #expect(modern.identifier == "r" && modern.title == "Reply")
        #expect(modern.optionsRawValue == 3)
        #expect(modern.iconTemplateImageName == "reply-icon" && modern.iconSystemImageName == nil)
        #expect(modern.textInputButtonTitle == "Send" && modern.textInputPlaceholder == "Type…")

        let button = PushAction.button("b", title: "B", icon: .system("trash")).modernDescriptor
        #expect(button.iconSystemImageName == "trash" && button.textInputButtonTitle == nil)
        #expect(button.optionsRawValue == 0)
    }

    @Test func categoryModernDescriptorCarriesEveryField() {
        let category = PushCategory(
            "c", options: [.customDismissAction, .allowInCarPlay, .hiddenPreviewsShowSubtitle],
            intentIdentifiers: ["INStartCallIntent"], hiddenPreviewsBodyPlaceholder: "Hidden",
            categorySummaryFormat: "%u calls"
        ) {
            PushAction.button("call", title: "Call back", options: .foreground)
        }
        let modern = category.modernDescriptor
        #expect(modern.identifier == "c")
        #expect(modern.optionsRawValue == 1 | 2 | 8)
        #expect(modern.intentIdentifiers == ["INStartCallIntent"])
        #expect(modern.hiddenPreviewsBodyPlaceholder == "Hidden")
        #expect(modern.categorySummaryFormat == "%u calls")
        #expect(
            modern.actions == [PushAction.button("call", title: "Call back", options: .foreground).modernDescriptor])
    }

    @Test func legacyCategoryHasDefaultAndMinimalContexts() {
        let category = PushCategory("c") {
            PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
            PushAction.button("like", title: "Like")
            PushAction.button("delete", title: "Delete", options: .destructive)
        }
        let legacy = category.legacyDescriptor
        #expect(legacy.identifier == "c")
        #expect(legacy.defaultContextActions.map(\.identifier) == ["reply", "like", "delete"])
        #expect(legacy.minimalContextActions.map(\.identifier) == ["reply", "like"])

        let chosen = category.minimalActions { PushAction.button("delete", title: "Delete", options: .destructive) }
        #expect(chosen.legacyDescriptor.minimalContextActions.map(\.identifier) == ["delete"])
        #expect(chosen.legacyDescriptor.minimalContextActions.first?.isDestructive == true)
    }
}
