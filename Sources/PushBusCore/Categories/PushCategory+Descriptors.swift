extension PushCategory {
    /// Everything `UNNotificationCategory` (iOS 10/11/12 initializers) needs, in its terms.
    ///
    /// ```swift
    /// let d = category.modernDescriptor
    /// UNNotificationCategory(identifier: d.identifier, actions: d.actions.map(makeAction),
    ///                        intentIdentifiers: d.intentIdentifiers,
    ///                        hiddenPreviewsBodyPlaceholder: d.hiddenPreviewsBodyPlaceholder,
    ///                        categorySummaryFormat: d.categorySummaryFormat,
    ///                        options: UNNotificationCategoryOptions(rawValue: d.optionsRawValue))
    /// ```
    public struct ModernDescriptor: Sendable, Hashable {
        public var identifier: String
        public var actions: [PushAction.ModernDescriptor]
        public var intentIdentifiers: [String]
        /// iOS 11+; `nil` keeps the system's placeholder.
        public var hiddenPreviewsBodyPlaceholder: String?
        /// iOS 12+; `nil` keeps the system's summary.
        public var categorySummaryFormat: String?
        /// `UNNotificationCategoryOptions(rawValue:)`: customDismissAction 1, allowInCarPlay 2,
        /// hiddenPreviewsShowTitle 4, hiddenPreviewsShowSubtitle 8, allowAnnouncement 16.
        public var optionsRawValue: UInt
    }

    /// What the legacy `UIMutableUserNotificationCategory` (iOS 8–10) needs: actions per context.
    ///
    /// ```swift
    /// let d = category.legacyDescriptor
    /// let legacy = UIMutableUserNotificationCategory()
    /// legacy.identifier = d.identifier
    /// legacy.setActions(d.defaultContextActions.map(makeLegacyAction), for: .default)
    /// legacy.setActions(d.minimalContextActions.map(makeLegacyAction), for: .minimal)
    /// ```
    public struct LegacyDescriptor: Sendable, Hashable {
        public var identifier: String
        /// For `setActions(_:for: .default)` (alerts; iOS shows up to four).
        public var defaultContextActions: [PushAction.LegacyDescriptor]
        /// For `setActions(_:for: .minimal)` (banners, lock screen; iOS shows up to two).
        public var minimalContextActions: [PushAction.LegacyDescriptor]
    }

    /// The description the Apple glue turns into a `UNNotificationCategory`.
    public var modernDescriptor: ModernDescriptor {
        ModernDescriptor(
            identifier: identifier, actions: actions.map(\.modernDescriptor), intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: categorySummaryFormat,
            optionsRawValue: options.rawValue)
    }

    /// The description the Apple glue turns into a legacy `UIMutableUserNotificationCategory`.
    public var legacyDescriptor: LegacyDescriptor {
        LegacyDescriptor(
            identifier: identifier, defaultContextActions: actions.map(\.legacyDescriptor),
            minimalContextActions: effectiveMinimalActions.map(\.legacyDescriptor))
    }
}
