package import PushBusCore

extension PushCategory {
    /// Everything `UNNotificationCategory` (iOS 10/11/12 initializers) needs, in its terms.
    ///
    /// ```swift
    /// let d = category.modernDescriptor
    /// let made = UNNotificationCategory(
    ///     identifier: d.identifier, actions: d.actions.map(makeAction), intentIdentifiers: d.intentIdentifiers,
    ///     hiddenPreviewsBodyPlaceholder: d.hiddenPreviewsBodyPlaceholder,
    ///     categorySummaryFormat: d.categorySummaryFormat,
    ///     options: UNNotificationCategoryOptions(rawValue: d.optionsRawValue))
    /// ```
    package struct ModernDescriptor: Sendable, Hashable {
        package var identifier: String
        package var actions: [PushAction.ModernDescriptor]
        package var intentIdentifiers: [String]
        /// iOS 11+; `nil` keeps the system's placeholder.
        package var hiddenPreviewsBodyPlaceholder: String?
        /// iOS 12+; `nil` keeps the system's summary.
        package var categorySummaryFormat: String?
        /// `UNNotificationCategoryOptions(rawValue:)`: customDismissAction 1, allowInCarPlay 2,
        /// hiddenPreviewsShowTitle 4, hiddenPreviewsShowSubtitle 8, allowAnnouncement 16.
        package var optionsRawValue: UInt
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
    package struct LegacyDescriptor: Sendable, Hashable {
        package var identifier: String
        /// For `setActions(_:for: .default)` (alerts; iOS shows up to four).
        package var defaultContextActions: [PushAction.LegacyDescriptor]
        /// For `setActions(_:for: .minimal)` (banners, lock screen; iOS shows up to two).
        package var minimalContextActions: [PushAction.LegacyDescriptor]
    }

    /// The description the Apple glue turns into a `UNNotificationCategory`.
    package var modernDescriptor: ModernDescriptor {
        ModernDescriptor(
            identifier: identifier, actions: actions.map(\.modernDescriptor), intentIdentifiers: intentIdentifiers,
            hiddenPreviewsBodyPlaceholder: hiddenPreviewsBodyPlaceholder, categorySummaryFormat: categorySummaryFormat,
            optionsRawValue: options.rawValue)
    }

    /// The description the Apple glue turns into a legacy `UIMutableUserNotificationCategory`.
    package var legacyDescriptor: LegacyDescriptor {
        LegacyDescriptor(
            identifier: identifier, defaultContextActions: actions.map(\.legacyDescriptor),
            minimalContextActions: effectiveMinimalActions.map(\.legacyDescriptor))
    }
}
