public import Foundation

extension PushProvider {
    /// An action button a provider describes in its payload (OneSignal `os_data.buttons`, Iterable
    /// `actionButtons`, CleverTap `wzrk_acts`, Adobe `adb_act`, Klaviyo `action_buttons`). The app registers
    /// the matching category; this says what the sender asked for.
    public struct Button: Sendable, Hashable {
        /// The provider's id for the button, when it gives one.
        public var identifier: String?
        /// The button's title.
        public var title: String
        /// Where the button leads, when it opens a link.
        public var link: URL?

        /// Creates a button; `identifier` and `link` are `nil` when the payload gives none.
        public init(identifier: String? = nil, title: String, link: URL? = nil) {
            self.identifier = identifier
            self.title = title
            self.link = link
        }
    }
}
