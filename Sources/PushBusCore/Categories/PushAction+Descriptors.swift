extension PushAction {
    /// Everything `UNNotificationAction` / `UNTextInputNotificationAction` (iOS 10+) need, in their terms.
    ///
    /// ```swift
    /// let d = action.modernDescriptor
    /// let options = UNNotificationActionOptions(rawValue: d.optionsRawValue)
    /// if let button = d.textInputButtonTitle {
    ///     UNTextInputNotificationAction(identifier: d.identifier, title: d.title, options: options,
    ///                                   textInputButtonTitle: button, textInputPlaceholder: d.textInputPlaceholder ?? "")
    /// } else {
    ///     UNNotificationAction(identifier: d.identifier, title: d.title, options: options)
    /// }
    /// ```
    public struct ModernDescriptor: Sendable, Hashable {
        public var identifier: String
        public var title: String
        /// `UNNotificationActionOptions(rawValue:)`: authenticationRequired 1, destructive 2, foreground 4.
        public var optionsRawValue: UInt
        /// `UNNotificationActionIcon(systemImageName:)` (iOS 15+).
        public var iconSystemImageName: String?
        /// `UNNotificationActionIcon(templateImageName:)` (iOS 15+).
        public var iconTemplateImageName: String?
        /// Non-nil ⇒ build a `UNTextInputNotificationAction` with this `textInputButtonTitle`.
        public var textInputButtonTitle: String?
        /// The `textInputPlaceholder`, for a text-input action.
        public var textInputPlaceholder: String?
    }

    /// What the legacy `UIMutableUserNotificationAction` (iOS 8–10) needs.
    ///
    /// ```swift
    /// let d = action.legacyDescriptor
    /// let legacy = UIMutableUserNotificationAction()
    /// legacy.identifier = d.identifier; legacy.title = d.title
    /// legacy.activationMode = d.activationMode == .foreground ? .foreground : .background
    /// legacy.isAuthenticationRequired = d.isAuthenticationRequired
    /// legacy.isDestructive = d.isDestructive
    /// if let button = d.textInputButtonTitle {           // iOS 9+
    ///     legacy.behavior = .textInput
    ///     legacy.parameters = [UIUserNotificationTextInputActionButtonTitleKey: button]
    /// }
    /// ```
    public struct LegacyDescriptor: Sendable, Hashable {
        /// `UIUserNotificationActivationMode`.
        public enum ActivationMode: Sendable, Hashable {
            /// Launches the app into the foreground (``PushAction/Options/foreground``).
            case foreground
            /// Runs the app briefly in the background (no ``PushAction/Options/foreground``).
            case background
        }

        /// `UIUserNotificationActionBehavior` (iOS 9+).
        public enum Behavior: Sendable, Hashable {
            /// A plain button.
            case `default`
            /// A button that opens a text field.
            case textInput
        }

        public var identifier: String
        public var title: String
        public var activationMode: ActivationMode
        /// As the action's options say. iOS treats a foreground action as requiring authentication regardless.
        public var isAuthenticationRequired: Bool
        public var isDestructive: Bool
        public var behavior: Behavior
        /// The value for `UIUserNotificationTextInputActionButtonTitleKey` in `parameters`, for a text input.
        public var textInputButtonTitle: String?
    }

    /// The description the Apple glue turns into a `UNNotificationAction` or `UNTextInputNotificationAction`.
    public var modernDescriptor: ModernDescriptor {
        ModernDescriptor(
            identifier: identifier, title: title, optionsRawValue: options.rawValue,
            iconSystemImageName: icon?.systemImageName, iconTemplateImageName: icon?.templateImageName,
            textInputButtonTitle: textInput?.buttonTitle, textInputPlaceholder: textInput?.placeholder)
    }

    /// The description the Apple glue turns into a legacy `UIMutableUserNotificationAction`.
    public var legacyDescriptor: LegacyDescriptor {
        LegacyDescriptor(
            identifier: identifier, title: title, activationMode: isForeground ? .foreground : .background,
            isAuthenticationRequired: isAuthenticationRequired, isDestructive: isDestructive,
            behavior: isTextInput ? .textInput : .default, textInputButtonTitle: textInput?.buttonTitle)
    }
}
