package import PushBusCore

extension PushAction {
    /// Everything `UNNotificationAction` / `UNTextInputNotificationAction` (iOS 10+) need, in their terms.
    ///
    /// ```swift
    /// let d = action.modernDescriptor
    /// let options = UNNotificationActionOptions(rawValue: d.optionsRawValue)
    /// let made: UNNotificationAction =
    ///     if let button = d.textInputButtonTitle {
    ///         UNTextInputNotificationAction(
    ///             identifier: d.identifier, title: d.title, options: options, textInputButtonTitle: button,
    ///             textInputPlaceholder: d.textInputPlaceholder ?? "")
    ///     } else {
    ///         UNNotificationAction(identifier: d.identifier, title: d.title, options: options)
    ///     }
    /// ```
    package struct ModernDescriptor: Sendable, Hashable {
        package var identifier: String
        package var title: String
        /// `UNNotificationActionOptions(rawValue:)`: authenticationRequired 1, destructive 2, foreground 4.
        package var optionsRawValue: UInt
        /// `UNNotificationActionIcon(systemImageName:)` (iOS 15+).
        package var iconSystemImageName: String?
        /// `UNNotificationActionIcon(templateImageName:)` (iOS 15+).
        package var iconTemplateImageName: String?
        /// Non-nil ⇒ build a `UNTextInputNotificationAction` with this `textInputButtonTitle`.
        package var textInputButtonTitle: String?
        /// The `textInputPlaceholder`, for a text-input action.
        package var textInputPlaceholder: String?
    }

    /// What the legacy `UIMutableUserNotificationAction` (iOS 8–10) needs.
    ///
    /// ```swift
    /// let d = action.legacyDescriptor
    /// let legacy = UIMutableUserNotificationAction()
    /// legacy.identifier = d.identifier
    /// legacy.title = d.title
    /// legacy.activationMode = d.activationMode == .foreground ? .foreground : .background
    /// legacy.isAuthenticationRequired = d.isAuthenticationRequired
    /// legacy.isDestructive = d.isDestructive
    /// if let button = d.textInputButtonTitle {  // iOS 9+
    ///     legacy.behavior = .textInput
    ///     legacy.parameters = [UIUserNotificationTextInputActionButtonTitleKey: button]
    /// }
    /// ```
    package struct LegacyDescriptor: Sendable, Hashable {
        /// `UIUserNotificationActivationMode`.
        package enum ActivationMode: Sendable, Hashable {
            /// Launches the app into the foreground (`PushAction/Options/foreground`).
            case foreground
            /// Runs the app briefly in the background (no `PushAction/Options/foreground`).
            case background
        }

        /// `UIUserNotificationActionBehavior` (iOS 9+).
        package enum Behavior: Sendable, Hashable {
            /// A plain button.
            case `default`
            /// A button that opens a text field.
            case textInput
        }

        package var identifier: String
        package var title: String
        package var activationMode: ActivationMode
        /// As the action's options say. iOS treats a foreground action as requiring authentication regardless.
        package var isAuthenticationRequired: Bool
        package var isDestructive: Bool
        package var behavior: Behavior
        /// The value for `UIUserNotificationTextInputActionButtonTitleKey` in `parameters`, for a text input.
        package var textInputButtonTitle: String?
    }

    /// The description the Apple glue turns into a `UNNotificationAction` or `UNTextInputNotificationAction`.
    package var modernDescriptor: ModernDescriptor {
        ModernDescriptor(
            identifier: identifier, title: title, optionsRawValue: options.rawValue,
            iconSystemImageName: icon?.systemImageName, iconTemplateImageName: icon?.templateImageName,
            textInputButtonTitle: textInput?.buttonTitle, textInputPlaceholder: textInput?.placeholder)
    }

    /// The description the Apple glue turns into a legacy `UIMutableUserNotificationAction`.
    package var legacyDescriptor: LegacyDescriptor {
        LegacyDescriptor(
            identifier: identifier, title: title, activationMode: isForeground ? .foreground : .background,
            isAuthenticationRequired: isAuthenticationRequired, isDestructive: isDestructive,
            behavior: isTextInput ? .textInput : .default, textInputButtonTitle: textInput?.buttonTitle)
    }
}
