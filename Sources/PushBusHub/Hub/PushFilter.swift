public import PushBusCore

/// Which messages a subscription wants. Combine with `&&`, `||` and `!`.
///
/// ```swift
/// let orders = center.subscribe(.tapped && .category("ORDER")) { message in show(order: message) }
/// ```
public struct PushFilter: Sendable, CustomStringConvertible {
    indirect enum Rule: Sendable {
        case all
        /// One bit per `PushMessage.Kind` (see `kindBit`), so matching neither hashes nor allocates.
        case kinds(UInt8)
        case category(String)
        case silent
        case provider(PushProvider.Name)
        case predicate(@Sendable (PushMessage) -> Bool)
        case and(Rule, Rule)
        case or(Rule, Rule)
        case not(Rule)
    }

    let rule: Rule

    /// Every message.
    public static let all = PushFilter(rule: .all)
    /// Messages of these kinds.
    public static func kinds(_ kinds: Set<PushMessage.Kind>) -> PushFilter {
        PushFilter(rule: .kinds(kinds.reduce(0) { $0 | kindBit($1) }))
    }
    /// Messages whose `categoryIdentifier` is `identifier`.
    public static func category(_ identifier: String) -> PushFilter { PushFilter(rule: .category(identifier)) }
    /// User responses: `.remoteTapped` and `.localTapped`.
    public static let tapped = PushFilter.kinds([.remoteTapped, .localTapped])
    /// Silent (background) pushes.
    public static let silent = PushFilter(rule: .silent)
    /// Messages from this push service.
    public static func provider(_ name: PushProvider.Name) -> PushFilter { PushFilter(rule: .provider(name)) }
    /// Messages for which `predicate` returns true. The predicate runs on the posting thread.
    public static func `where`(_ predicate: @escaping @Sendable (PushMessage) -> Bool) -> PushFilter {
        PushFilter(rule: .predicate(predicate))
    }

    /// Messages both filters match.
    public static func && (lhs: PushFilter, rhs: PushFilter) -> PushFilter {
        PushFilter(rule: .and(lhs.rule, rhs.rule))
    }
    /// Messages either filter matches.
    public static func || (lhs: PushFilter, rhs: PushFilter) -> PushFilter {
        PushFilter(rule: .or(lhs.rule, rhs.rule))
    }
    /// Messages the filter does not match.
    public static prefix func ! (filter: PushFilter) -> PushFilter { PushFilter(rule: .not(filter.rule)) }

    /// A Boolean value indicating whether the filter is `all` (the hub then skips evaluating it).
    var acceptsAll: Bool {
        if case .all = rule { return true }
        return false
    }

    /// A Boolean value indicating whether `message` passes the filter.
    public func matches(_ message: PushMessage) -> Bool { Self.evaluate(rule, message) }

    /// How diagnostics show the filter: `.all`, `.tapped`, `kinds(remote)`, `category("ORDER") && .silent`,
    /// `where(…)` for a predicate.
    public var description: String { Self.describe(rule) }

    private static func describe(_ rule: Rule) -> String {
        switch rule {
        case .all: return ".all"
        case .kinds(let mask):
            if mask == kindBit(.remoteTapped) | kindBit(.localTapped) { return ".tapped" }
            let names = [PushMessage.Kind.remote, .local, .remoteTapped, .localTapped]
                .filter { mask & kindBit($0) != 0 }.map { "\($0)" }
            return ".kinds(\(names.joined(separator: ", ")))"
        case .category(let identifier): return ".category(\"\(identifier)\")"
        case .silent: return ".silent"
        case .provider(let name): return ".provider(\(name))"
        case .predicate: return ".where(…)"
        case .and(let lhs, let rhs): return "(\(describe(lhs)) && \(describe(rhs)))"
        case .or(let lhs, let rhs): return "(\(describe(lhs)) || \(describe(rhs)))"
        case .not(let inner): return "!\(describe(inner))"
        }
    }

    @inline(__always)
    private static func kindBit(_ kind: PushMessage.Kind) -> UInt8 {
        switch kind {
        case .remote: return 1
        case .local: return 2
        case .remoteTapped: return 4
        case .localTapped: return 8
        }
    }

    private static func evaluate(_ rule: Rule, _ message: PushMessage) -> Bool {
        switch rule {
        case .all: return true
        case .kinds(let mask): return mask & kindBit(message.kind) != 0
        case .category(let identifier): return message.content.categoryIdentifier == identifier
        case .silent: return message.isSilent
        case .provider(let name): return message.provider?.name == name
        case .predicate(let predicate): return predicate(message)
        case .and(let lhs, let rhs): return evaluate(lhs, message) && evaluate(rhs, message)
        case .or(let lhs, let rhs): return evaluate(lhs, message) || evaluate(rhs, message)
        case .not(let inner): return !evaluate(inner, message)
        }
    }
}
