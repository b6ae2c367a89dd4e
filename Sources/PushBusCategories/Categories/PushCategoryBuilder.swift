import PushBusCore

/// Builds a list of ``PushCategory`` values with `if`, `for` and optional expressions, for
/// the `CategoryRegistry { … }` initializer.
@resultBuilder
public enum PushCategoryBuilder {
    public static func buildExpression(_ category: PushCategory) -> [PushCategory] { [category] }

    public static func buildExpression(_ category: PushCategory?) -> [PushCategory] { category.map { [$0] } ?? [] }

    public static func buildExpression(_ categories: [PushCategory]) -> [PushCategory] { categories }

    public static func buildBlock(_ components: [PushCategory]...) -> [PushCategory] { components.flatMap { $0 } }

    public static func buildOptional(_ component: [PushCategory]?) -> [PushCategory] { component ?? [] }

    public static func buildEither(first component: [PushCategory]) -> [PushCategory] { component }

    public static func buildEither(second component: [PushCategory]) -> [PushCategory] { component }

    public static func buildArray(_ components: [[PushCategory]]) -> [PushCategory] { components.flatMap { $0 } }

    public static func buildLimitedAvailability(_ component: [PushCategory]) -> [PushCategory] { component }
}
