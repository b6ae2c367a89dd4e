import Foundation

/// One piece of a Notification Service Extension's work, run by a ``ServiceExtensionPipeline``.
///
/// Two kinds:
/// - **work steps** (``custom(_:_:)``, ``rewrite(_:_:)``, ``claim(_:)``, `attachments(_:locator:)`, `filter(hasFilteringEntitlement:_:)`) run
///   in order, one after the other, and may be cut off by the deadline; what they committed stays.
/// - **finishing steps** (``badge(_:)``, ``receipt(_:)``) are synchronous and fast; they run in order on the
///   final content, however the run ended, just before the content handler.
public struct ServiceExtensionStep: Sendable {
    typealias Work = @Sendable (ServiceExtensionStepContext) async -> ServiceExtensionStepOutcome
    typealias Finishing = @Sendable (inout ServiceExtensionContent, ServiceExtensionResult) throws -> Void

    enum Kind: Sendable {
        case work(Work)
        case finishing(Finishing)
    }

    /// The name shown in reports and the simulated device's timeline.
    public let name: String
    let kind: Kind

    /// A work step: reads the content from `context`, commits changes with
    /// ``ServiceExtensionStepContext/update(_:)``, and answers how it went.
    ///
    /// ```swift
    /// let translate: ServiceExtensionStep = .custom("translate") { context in
    ///     guard let body = context.content.body else { return .done }
    ///     let translated = await translator.translate(body)
    ///     context.update { $0.body = translated }
    ///     return .done
    /// }
    /// ```
    ///
    /// > Warning: Check `Task.isCancelled` in long work: the task is cancelled when the run ends.
    public static func custom(
        _ name: String, _ body: @escaping @Sendable (ServiceExtensionStepContext) async -> ServiceExtensionStepOutcome
    ) -> Self {
        Self(name: name, kind: .work(body))
    }

    /// A finishing step: runs synchronously on the final content just before the content handler, whatever ended
    /// the run (steps finished, deadline, `timeWillExpire`, filtered). Keep it to microseconds.
    ///
    /// A thrown error is reported in the step's report; the content handler is still called.
    public static func finishing(
        _ name: String,
        _ body: @escaping @Sendable (inout ServiceExtensionContent, ServiceExtensionResult) throws -> Void
    ) -> Self {
        Self(name: name, kind: .finishing(body))
    }

    var isFinishing: Bool {
        if case .finishing = kind { return true }
        return false
    }
}

/// How a work step ended.
public struct ServiceExtensionStepOutcome: Sendable, Hashable, CustomStringConvertible {
    enum Code: Sendable, Hashable {
        case done
        case notMine
        case failed(String)
        case drop
    }

    let code: Code

    /// Finished; its committed changes stay.
    public static let done = Self(code: .done)
    /// The notification belongs to someone else (another SDK): the pipeline stops and hands the original
    /// content back with ``ServiceExtensionResult/Disposition-swift.enum/notMine`` (see Docs/ServiceExtension.md,
    /// "Chaining").
    public static let notMine = Self(code: .notMine)
    /// Failed; what it committed before stays, the next step runs.
    public static func failed(_ reason: String) -> Self { Self(code: .failed(reason)) }
    /// Drop the notification (only the filter step answers this, and only with the entitlement).
    static let drop = Self(code: .drop)

    public var description: String {
        switch code {
        case .done: return "done"
        case .notMine: return "not mine"
        case .failed(let reason): return "failed: \(reason)"
        case .drop: return "dropped"
        }
    }
}
