public import Foundation
public import PushBusCategories

/// What a Notification Content Extension's `Info.plist` declares, and whether it matches the app's categories
/// (a content extension's classic pitfall: the notification's category must be one the extension lists, or the
/// custom UI never shows).
///
/// ```swift
/// let info = try ContentExtensionInfo(plist: Data(contentsOf: extensionInfoPlistURL))
/// for finding in info.check(against: registry) { print(finding) }
/// ```
public struct ContentExtensionInfo: Sendable, Hashable {
    /// The extension point of a notification content extension.
    package static let extensionPoint = "com.apple.usernotifications.content-extension"

    /// Why a plist could not be read as a content extension's.
    public enum ReadError: Error, Sendable, Hashable, CustomStringConvertible {
        /// Not a property list.
        case notAPropertyList(String)
        /// No `NSExtension` dictionary.
        case missingExtension
        /// `NSExtensionAttributes` has no `UNNotificationExtensionCategory` (or it is neither a string nor an
        /// array of strings).
        case missingCategory

        public var description: String {
            switch self {
            case .notAPropertyList(let reason): return "not a property list: \(reason)"
            case .missingExtension: return "no NSExtension dictionary"
            case .missingCategory:
                return "NSExtensionAttributes has no UNNotificationExtensionCategory (a string or an array of strings)"
            }
        }
    }

    /// `NSExtensionPointIdentifier`.
    package var extensionPointIdentifier: String?
    /// `UNNotificationExtensionCategory`, as one string or an array.
    public var categories: [String]
    /// `UNNotificationExtensionUserInteractionEnabled`, `nil` when absent (iOS then treats it as `NO`).
    package var isUserInteractionEnabled: Bool?
    /// `UNNotificationExtensionDefaultContentHidden`, `nil` when absent.
    package var hidesDefaultContent: Bool?
    /// `UNNotificationExtensionInitialContentSizeRatio`, `nil` when absent.
    package var initialContentSizeRatio: Double?

    package init(
        extensionPointIdentifier: String? = ContentExtensionInfo.extensionPoint, categories: [String],
        isUserInteractionEnabled: Bool? = nil, hidesDefaultContent: Bool? = nil, initialContentSizeRatio: Double? = nil
    ) {
        self.extensionPointIdentifier = extensionPointIdentifier
        self.categories = categories
        self.isUserInteractionEnabled = isUserInteractionEnabled
        self.hidesDefaultContent = hidesDefaultContent
        self.initialContentSizeRatio = initialContentSizeRatio
    }

    /// Reads an extension's `Info.plist` (XML or binary).
    ///
    /// - Throws: ``ReadError``.
    public init(plist data: Data) throws(ReadError) {
        let object: Any
        do {
            object = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
        } catch {
            throw .notAPropertyList(String(describing: error))
        }
        guard let root = object as? [String: Any], let nsExtension = root["NSExtension"] as? [String: Any] else {
            throw .missingExtension
        }
        let attributes = nsExtension["NSExtensionAttributes"] as? [String: Any] ?? [:]
        let categories: [String]
        switch attributes["UNNotificationExtensionCategory"] {
        case let one as String: categories = [one]
        case let many as [Any]:
            let strings = many.compactMap { $0 as? String }
            guard strings.count == many.count, !strings.isEmpty else { throw .missingCategory }
            categories = strings
        default: throw .missingCategory
        }
        self.init(
            extensionPointIdentifier: nsExtension["NSExtensionPointIdentifier"] as? String, categories: categories,
            isUserInteractionEnabled: Self.bool(attributes["UNNotificationExtensionUserInteractionEnabled"]),
            hidesDefaultContent: Self.bool(attributes["UNNotificationExtensionDefaultContentHidden"]),
            initialContentSizeRatio: Self.double(attributes["UNNotificationExtensionInitialContentSizeRatio"]))
    }

    /// One problem found by ``check(against:requiresInteraction:)``.
    public struct Finding: Sendable, Hashable, CustomStringConvertible {
        /// How bad a finding is: an `error` breaks the extension; a `warning` may be intended.
        public enum Severity: String, Sendable, Hashable { case error, warning }
        /// Whether the finding is an error or a warning (``check(against:requiresInteraction:)``'s
        /// `requiresInteraction` turns the interaction warning into an error).
        public var severity: Severity
        /// A stable code, for example `"category.unregistered"`.
        public var code: String
        /// A sentence for people naming the plist key and the problem.
        public var message: String

        public var description: String { "\(severity.rawValue): \(message) [\(code)]" }
    }

    /// Checks the plist against the categories the app registers.
    ///
    /// - Parameters:
    ///   - registry: The app's categories.
    ///   - requiresInteraction: `true` when the extension's UI has controls (a slider, buttons): then a missing or
    ///     `NO` `UNNotificationExtensionUserInteractionEnabled` is an error, not a warning.
    /// - Returns: Errors (the extension will not show, or will not respond) and warnings, in plist order.
    public func check(against registry: CategoryRegistry, requiresInteraction: Bool = false) -> [Finding] {
        var findings: [Finding] = []
        if extensionPointIdentifier != Self.extensionPoint {
            findings.append(
                Finding(
                    severity: .error, code: "extension.point",
                    message:
                        "NSExtensionPointIdentifier is \(extensionPointIdentifier.map { "\"\($0)\"" } ?? "missing"), "
                        + "not \"\(Self.extensionPoint)\""))
        }
        let registered = Set(registry.categories.map(\.identifier))
        for category in categories where !registered.contains(category) {
            let near =
                registered.first { $0.caseInsensitiveCompare(category) == .orderedSame }
                ?? registered.min { Self.distance($0, category) < Self.distance($1, category) }
            let hint = near.map { " (did you mean \"\($0)\"?)" } ?? ""
            findings.append(
                Finding(
                    severity: .error, code: "category.unregistered",
                    message:
                        "UNNotificationExtensionCategory \"\(category)\" is not a category the app registers\(hint): "
                        + "notifications never show this extension"))
        }
        if isUserInteractionEnabled != true {
            findings.append(
                Finding(
                    severity: requiresInteraction ? .error : .warning, code: "interaction.disabled",
                    message:
                        "UNNotificationExtensionUserInteractionEnabled is \(isUserInteractionEnabled == false ? "NO" : "missing"): "
                        + "controls in the extension (a slider, buttons) do not respond"))
        }
        return findings
    }

    private static func bool(_ value: Any?) -> Bool? {
        switch value {
        case let flag as Bool: return flag
        case let text as String: return ["yes", "true", "1"].contains(text.lowercased())
        case let number as NSNumber: return number.boolValue
        default: return nil
        }
    }

    private static func double(_ value: Any?) -> Double? {
        switch value {
        case let number as Double: return number
        case let number as NSNumber: return number.doubleValue
        case let text as String: return Double(text)
        default: return nil
        }
    }

    /// Edit distance, for suggesting the registered category a typo meant.
    static func distance(_ lhs: String, _ rhs: String) -> Int {
        let a = Array(lhs), b = Array(rhs)
        var row = Array(0...b.count)
        for i in 1...max(1, a.count) where !a.isEmpty {
            var previous = row[0]
            row[0] = i
            for j in stride(from: 1, through: b.count, by: 1) {
                let current = row[j]
                row[j] = min(row[j] + 1, row[j - 1] + 1, previous + (a[i - 1] == b[j - 1] ? 0 : 1))
                previous = current
            }
        }
        return a.isEmpty ? b.count : row[b.count]
    }
}
