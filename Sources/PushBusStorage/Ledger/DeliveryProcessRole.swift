/// Which process wrote a ledger record: the app, one of its extensions, or a tool.
public struct DeliveryProcessRole: RawRepresentable, Sendable, Hashable, CustomStringConvertible,
    ExpressibleByStringLiteral
{
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
    public var description: String { rawValue }

    /// The app itself.
    public static let app: DeliveryProcessRole = "app"
    /// The Notification Service Extension.
    public static let serviceExtension: DeliveryProcessRole = "serviceExtension"
    /// The Notification Content Extension.
    public static let contentExtension: DeliveryProcessRole = "contentExtension"
}
