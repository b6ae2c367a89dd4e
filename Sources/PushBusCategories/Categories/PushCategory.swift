public import PushBusCore

/// A notification category: the actions shown with every notification whose `categoryIdentifier` names it,
/// plus how the system presents it.
///
/// ```swift
/// let message = PushCategory("message", options: .customDismissAction) {
///     PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
///     PushAction.button("mute", title: "Mute")
/// }
/// .hiddenPreviewsBodyPlaceholder("New message")
/// ```
///
/// Register categories together through ``CategoryRegistry``, which validates them. The Apple glue turns a
/// category into a `UNNotificationCategory` (`modernDescriptor`) or a legacy
/// `UIMutableUserNotificationCategory` (`legacyDescriptor`).
public struct PushCategory: Sendable, Hashable {
    /// How the system presents the category. The raw values are `UNNotificationCategoryOptions`'.
    public struct Options: OptionSet, Sendable, Hashable {
        public let rawValue: UInt

        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Reports an explicit dismissal as `PushResponse/Action/dismiss` (otherwise iOS says nothing).
        public static let customDismissAction = Options(rawValue: 1 << 0)
        /// Shows the category's notifications in CarPlay.
        public static let allowInCarPlay = Options(rawValue: 1 << 1)
        /// Shows the title when previews are hidden (iOS 11+).
        public static let hiddenPreviewsShowTitle = Options(rawValue: 1 << 2)
        /// Shows the subtitle when previews are hidden (iOS 11+).
        public static let hiddenPreviewsShowSubtitle = Options(rawValue: 1 << 3)
        /// Lets Siri announce the notifications (iOS 13–15; deprecated by Apple).
        public static let allowAnnouncement = Options(rawValue: 1 << 4)
    }

    /// The identifier a notification's `categoryIdentifier` (`aps.category`) names.
    public var identifier: String
    /// The actions in display order (the legacy API's `.default` context).
    public var actions: [PushAction]
    /// The actions for the legacy `.minimal` context (limited space); `nil` uses the first two of ``actions``,
    /// as iOS does.
    public var minimalActions: [PushAction]?
    /// SiriKit intent identifiers the category relates to.
    public var intentIdentifiers: [String]
    /// The body shown when previews are hidden (iOS 11+), for example "New message"; `nil` uses the system's.
    public var hiddenPreviewsBodyPlaceholder: String?
    /// The summary of a group of notifications (iOS 12+), for example `"%u more messages from %@"`.
    public var categorySummaryFormat: String?
    /// How the system presents the category's notifications (custom dismiss, CarPlay, hidden previews).
    public var options: Options

    /// Creates a category whose actions come from a ``PushListBuilder`` block.
    public init(_ identifier: String, options: Options = [], @PushListBuilder<PushAction> actions: () -> [PushAction]) {
        self.identifier = identifier
        self.options = options
        self.actions = actions()
        self.minimalActions = nil
        self.intentIdentifiers = []
        self.hiddenPreviewsBodyPlaceholder = nil
        self.categorySummaryFormat = nil
    }

    /// Creates a category with every field spelled out (the shape of `UNNotificationCategory`'s iOS 12 init).
    package init(
        _ identifier: String, options: Options = [], intentIdentifiers: [String],
        hiddenPreviewsBodyPlaceholder: String? = nil, categorySummaryFormat: String? = nil,
        @PushListBuilder<PushAction> actions: () -> [PushAction]
    ) {
        self.init(identifier, options: options, actions: actions)
        self.intentIdentifiers = intentIdentifiers
        self.hiddenPreviewsBodyPlaceholder = hiddenPreviewsBodyPlaceholder
        self.categorySummaryFormat = categorySummaryFormat
    }

    /// The action with this identifier, if the category has one.
    public func action(_ identifier: String) -> PushAction? {
        actions.first { $0.identifier == identifier } ?? minimalActions?.first { $0.identifier == identifier }
    }

    /// The actions the legacy API shows in the `.minimal` context: ``minimalActions``, or the first two actions.
    package var effectiveMinimalActions: [PushAction] { minimalActions ?? Array(actions.prefix(2)) }
}

extension PushCategory {
    /// This category with these legacy `.minimal`-context actions (iOS 8–9 banners show at most two).
    public func minimalActions(@PushListBuilder<PushAction> _ actions: () -> [PushAction]) -> PushCategory {
        var copy = self
        copy.minimalActions = actions()
        return copy
    }

    /// This category with these SiriKit intent identifiers.
    public func intentIdentifiers(_ identifiers: [String]) -> PushCategory {
        var copy = self
        copy.intentIdentifiers = identifiers
        return copy
    }

    /// This category with a body placeholder for hidden previews (iOS 11+).
    public func hiddenPreviewsBodyPlaceholder(_ placeholder: String?) -> PushCategory {
        var copy = self
        copy.hiddenPreviewsBodyPlaceholder = placeholder
        return copy
    }

    /// This category with a group summary format (iOS 12+).
    public func categorySummaryFormat(_ format: String?) -> PushCategory {
        var copy = self
        copy.categorySummaryFormat = format
        return copy
    }
}
