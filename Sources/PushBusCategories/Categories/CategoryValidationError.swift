/// Why a set of categories cannot be registered. Thrown by `CategoryRegistry.init(_:)`.
public enum CategoryValidationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The category at `index` has an empty identifier.
    case emptyCategoryIdentifier(index: Int)
    /// Two categories share `identifier`.
    case duplicateCategoryIdentifier(String)
    /// The action at `index` in `category` has an empty identifier.
    case emptyActionIdentifier(category: String, index: Int)
    /// Two different actions of `category` share `action` as identifier.
    case duplicateActionIdentifier(String, category: String)
    /// The action `action` of `category` has an empty title.
    case emptyActionTitle(action: String, category: String)
    /// The text-input action `action` of `category` has no send-button title.
    case missingTextInputButtonTitle(action: String, category: String)

    public var description: String {
        switch self {
        case .emptyCategoryIdentifier(let index):
            return "category #\(index) has an empty identifier"
        case .duplicateCategoryIdentifier(let identifier):
            return "category '\(identifier)' is defined more than once"
        case .emptyActionIdentifier(let category, let index):
            return "action #\(index) of category '\(category)' has an empty identifier"
        case .duplicateActionIdentifier(let action, let category):
            return "action '\(action)' appears more than once in category '\(category)'"
        case .emptyActionTitle(let action, let category):
            return "action '\(action)' of category '\(category)' has an empty title"
        case .missingTextInputButtonTitle(let action, let category):
            return "text-input action '\(action)' of category '\(category)' has no button title"
        }
    }
}

/// Something iOS accepts but shows differently than declared (it truncates silently).
public enum CategoryWarning: Sendable, Hashable, CustomStringConvertible {
    /// More than four actions: some presentations (and the legacy `.default` context) show only four.
    case tooManyActionsForDefaultContext(category: String, count: Int)
    /// More than two actions for the minimal context (banners, lock screen, legacy `.minimal`): only the
    /// first two show.
    case tooManyActionsForMinimalContext(category: String, count: Int)

    /// The category concerned.
    package var category: String {
        switch self {
        case .tooManyActionsForDefaultContext(let category, _), .tooManyActionsForMinimalContext(let category, _):
            return category
        }
    }

    public var description: String {
        switch self {
        case .tooManyActionsForDefaultContext(let category, let count):
            return "category '\(category)' has \(count) actions; only the first 4 show in the default context"
        case .tooManyActionsForMinimalContext(let category, let count):
            return "category '\(category)' has \(count) actions for the minimal context; only the first 2 show"
        }
    }
}
