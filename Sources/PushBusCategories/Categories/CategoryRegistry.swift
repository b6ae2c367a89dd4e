import Foundation
public import PushBusCore

/// A validated set of categories, and the lookups the adapters use to attach the tapped `PushAction` to a
/// response.
///
/// ```swift
/// let registry = try CategoryRegistry {
///     PushCategory("message") {
///         PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
///     }
/// }
/// let warnings = registry.warnings  // where iOS would truncate silently
/// let isTextInput = registry.action("reply", inCategory: "message")?.isTextInput  // true
/// ```
public struct CategoryRegistry: Sendable {
    /// The categories in registration order.
    public let categories: [PushCategory]
    /// Where iOS would silently show fewer actions than declared.
    public let warnings: [CategoryWarning]

    private let index: [String: Int]

    /// Validates and registers `categories`.
    ///
    /// - Throws: The first ``CategoryValidationError`` found, in category order (use ``validate(_:)`` for all).
    public init(_ categories: [PushCategory]) throws {
        if let error = CategoryRegistry.validate(categories).first { throw error }
        self.init(validated: categories)
    }

    private init(validated categories: [PushCategory]) {
        self.categories = categories
        self.warnings = CategoryRegistry.warnings(for: categories)
        var index: [String: Int] = [:]
        for (position, category) in categories.enumerated() { index[category.identifier] = position }
        self.index = index
    }

    /// Validates and registers the categories a ``PushListBuilder`` block lists.
    public init(@PushListBuilder<PushCategory> _ categories: () -> [PushCategory]) throws {
        try self.init(categories())
    }

    /// An empty registry.
    public static let empty = CategoryRegistry(validated: [])

    /// The category with this identifier.
    public func category(_ identifier: String) -> PushCategory? {
        index[identifier].map { categories[$0] }
    }

    /// The action `actionIdentifier` of category `categoryIdentifier`, if both exist.
    public func action(_ actionIdentifier: String, inCategory categoryIdentifier: String) -> PushAction? {
        category(categoryIdentifier)?.action(actionIdentifier)
    }

    /// Every error in `categories`, in category order; empty when they are valid.
    public static func validate(_ categories: [PushCategory]) -> [CategoryValidationError] {
        var errors: [CategoryValidationError] = []
        var seenCategories: Set<String> = []
        var reportedCategories: Set<String> = []
        for (position, category) in categories.enumerated() {
            if category.identifier.isEmpty {
                errors.append(.emptyCategoryIdentifier(index: position))
            } else if !seenCategories.insert(category.identifier).inserted,
                reportedCategories.insert(category.identifier).inserted
            {
                errors.append(.duplicateCategoryIdentifier(category.identifier))
            }
            errors += validateActions(of: category)
        }
        return errors
    }

    private static func validateActions(of category: PushCategory) -> [CategoryValidationError] {
        var errors: [CategoryValidationError] = []
        var seen: Set<String> = []
        var reported: Set<String> = []
        for (position, action) in category.actions.enumerated() {
            errors += validate(action, at: position, in: category.identifier)
            if !action.identifier.isEmpty, !seen.insert(action.identifier).inserted,
                reported.insert(action.identifier).inserted
            {
                errors.append(.duplicateActionIdentifier(action.identifier, category: category.identifier))
            }
        }
        // Minimal-context actions may repeat default-context ones (that is their purpose), not each other,
        // and an identifier must not name two different actions.
        var seenMinimal: Set<String> = []
        for (position, action) in (category.minimalActions ?? []).enumerated() {
            errors += validate(action, at: position, in: category.identifier)
            let clashes = category.actions.contains { $0.identifier == action.identifier && $0 != action }
            if !action.identifier.isEmpty, !seenMinimal.insert(action.identifier).inserted || clashes,
                reported.insert(action.identifier).inserted
            {
                errors.append(.duplicateActionIdentifier(action.identifier, category: category.identifier))
            }
        }
        return errors
    }

    private static func validate(_ action: PushAction, at position: Int, in category: String)
        -> [CategoryValidationError]
    {
        var errors: [CategoryValidationError] = []
        if action.identifier.isEmpty { errors.append(.emptyActionIdentifier(category: category, index: position)) }
        if isBlank(action.title) { errors.append(.emptyActionTitle(action: action.identifier, category: category)) }
        if let textInput = action.textInput, isBlank(textInput.buttonTitle) {
            errors.append(.missingTextInputButtonTitle(action: action.identifier, category: category))
        }
        return errors
    }

    /// A title of only spaces shows as an empty button.
    private static func isBlank(_ text: String) -> Bool {
        text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
    }

    /// Where iOS would show fewer actions than `categories` declare.
    package static func warnings(for categories: [PushCategory]) -> [CategoryWarning] {
        var warnings: [CategoryWarning] = []
        for category in categories {
            if category.actions.count > 4 {
                warnings.append(
                    .tooManyActionsForDefaultContext(category: category.identifier, count: category.actions.count))
            }
            let minimalCount = (category.minimalActions ?? category.actions).count
            if minimalCount > 2 {
                warnings.append(.tooManyActionsForMinimalContext(category: category.identifier, count: minimalCount))
            }
        }
        return warnings
    }
}
