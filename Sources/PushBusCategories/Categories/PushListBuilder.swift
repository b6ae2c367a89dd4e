/// Builds a list of `Element` values with `if`, `if let`, `switch`, `for` and optional expressions: the actions
/// of a ``PushCategory`` and the categories of a ``CategoryRegistry``.
///
/// ```swift
/// let message = PushCategory("message") {
///     PushAction.textInput("reply", title: "Reply", buttonTitle: "Send")
///     if canDelete { PushAction.button("delete", title: "Delete", options: .destructive) }
///     for emoji in ["👍", "❤️"] { PushAction.button("react.\(emoji)", title: emoji) }
///     optionalAction  // a `PushAction?`: nil adds nothing
/// }
/// ```
@resultBuilder
public enum PushListBuilder<Element> {
    public static func buildExpression(_ element: Element) -> [Element] { [element] }

    public static func buildExpression(_ element: Element?) -> [Element] { element.map { [$0] } ?? [] }

    public static func buildExpression(_ elements: [Element]) -> [Element] { elements }

    public static func buildBlock(_ components: [Element]...) -> [Element] { components.flatMap { $0 } }

    public static func buildOptional(_ component: [Element]?) -> [Element] { component ?? [] }

    public static func buildEither(first component: [Element]) -> [Element] { component }

    public static func buildEither(second component: [Element]) -> [Element] { component }

    public static func buildArray(_ components: [[Element]]) -> [Element] { components.flatMap { $0 } }

    public static func buildLimitedAvailability(_ component: [Element]) -> [Element] { component }
}
