import PushBusCore

/// Builds a list of ``PushAction`` values with `if`, `if let`, `switch`, `for` and optional expressions.
///
/// ```swift
/// PushCategory("message") {
///     PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
///     if canDelete { PushAction.button("delete", title: "Delete", options: .destructive) }
///     for emoji in ["👍", "❤️"] { PushAction.button("react.\(emoji)", title: emoji) }
///     optionalAction            // a `PushAction?`: nil adds nothing
/// }
/// ```
@resultBuilder
public enum PushActionBuilder {
    public static func buildExpression(_ action: PushAction) -> [PushAction] { [action] }

    public static func buildExpression(_ action: PushAction?) -> [PushAction] { action.map { [$0] } ?? [] }

    public static func buildExpression(_ actions: [PushAction]) -> [PushAction] { actions }

    public static func buildBlock(_ components: [PushAction]...) -> [PushAction] { components.flatMap { $0 } }

    public static func buildOptional(_ component: [PushAction]?) -> [PushAction] { component ?? [] }

    public static func buildEither(first component: [PushAction]) -> [PushAction] { component }

    public static func buildEither(second component: [PushAction]) -> [PushAction] { component }

    public static func buildArray(_ components: [[PushAction]]) -> [PushAction] { components.flatMap { $0 } }

    public static func buildLimitedAvailability(_ component: [PushAction]) -> [PushAction] { component }
}
