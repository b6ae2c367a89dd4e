import Foundation
internal import PushBusCore

extension ServiceExtensionStep {
    /// Rewrites the content, e.g. decrypts the body or fills in text fetched from your server.
    ///
    /// The closure gets the best content so far; what it leaves is committed when it returns. A thrown error
    /// keeps the content as it was and is reported (``ServiceExtensionStepOutcome/failed(_:)``).
    ///
    /// ```swift
    /// .rewrite { content in content.body = try crypto.open(content.customData["ciphertext"]?.stringValue) }
    /// ```
    public static func rewrite(
        _ name: String = "rewrite",
        _ transform: @escaping @Sendable (inout ServiceExtensionContent) async throws -> Void
    ) -> Self {
        .custom(name) { context in
            var content = context.content
            do {
                try await transform(&content)
            } catch {
                return .failed("\(error)")
            }
            context.update { $0 = content }
            return .done
        }
    }

    /// Answers ``ServiceExtensionStepOutcome/notMine`` for notifications PushBus should not touch (another SDK's).
    ///
    /// Put it first: the run stops and the result's disposition is ``ServiceExtensionResult/Disposition-swift.enum/notMine``
    /// with the original content, for the next handler in the chain.
    ///
    /// - Parameter isMine: `true` for pushes PushBus handles.
    public static func claim(_ isMine: @escaping @Sendable (ServiceExtensionContent) -> Bool) -> Self {
        .custom("claim") { context in isMine(context.content) ? .done : .notMine }
    }

    /// Downloads every attachment the payload names (see ``AttachmentLocator`` for the keys), in parallel, each
    /// streamed to a file, and attaches those that arrive in time. Each failure is reported; the notification
    /// is delivered regardless.
    ///
    /// - Parameters:
    ///   - downloader: The policy (timeouts, limits, allowed hosts) and clock.
    ///   - locator: Where to look in the payload.
    public static func attachments(
        _ downloader: AttachmentDownloader = AttachmentDownloader(), locator: AttachmentLocator = AttachmentLocator()
    ) -> Self {
        .custom("attachments") { context in
            let found = locator.addresses(in: context.content.payload)
            let limit = max(0, downloader.policy.maximumCount)
            for extra in found.dropFirst(limit) {
                context.reportAttachment(
                    AttachmentReport(key: extra.key, address: extra.address, outcome: .failed(.tooMany(limit: limit))))
            }
            await withTaskGroup(of: Void.self) { group in
                for (index, item) in found.prefix(limit).enumerated() {
                    guard let token = context.beginAttachment(item) else { break }
                    group.addTask {
                        let report = await downloader.download(item, identifier: "attachment-\(index)")
                        if !context.finishAttachment(token, report), let file = report.attachment?.fileURL {
                            try? FileManager.default.removeItem(at: file)
                        }
                    }
                }
            }
            return .done
        }
    }

    /// Drops or quiets notifications the app decides the user should not be interrupted by.
    ///
    /// With the `com.apple.developer.usernotifications.filtering` entitlement a matching notification is dropped
    /// (the run ends with disposition ``ServiceExtensionResult/Disposition-swift.enum/drop``; the glue passes empty
    /// content). Without it, dropping is impossible, so it is made quiet instead: no sound, `.passive`.
    ///
    /// - Parameters:
    ///   - hasFilteringEntitlement: Whether the extension is signed with the filtering entitlement.
    ///   - shouldFilter: `true` for notifications to drop (or quiet).
    public static func filter(
        hasFilteringEntitlement: Bool, _ shouldFilter: @escaping @Sendable (ServiceExtensionContent) -> Bool
    ) -> Self {
        .custom("filter") { context in
            guard shouldFilter(context.content) else { return .done }
            if hasFilteringEntitlement { return .drop }
            context.update { content in
                content.sound = nil
                content.interruptionLevel = .passive
            }
            return .done
        }
    }

    /// Makes it a communication notification: the closure names the sender, and for a group conversation its
    /// members, name and image (``CommunicationMessage``).
    ///
    /// Fetch avatars with ``AttachmentDownloader/imageData(from:maximumBytes:)`` (the attachments' limits), or read
    /// what an earlier step stored on the content (``ServiceExtensionContent/subscript(_:)``). `nil` leaves the
    /// notification as it is. `PushBusAppleExtension` applies it on iOS 15+.
    public static func communication(
        _ message: @escaping @Sendable (ServiceExtensionContent) async -> CommunicationMessage?
    ) -> Self {
        .custom("communication") { context in
            guard let found = await message(context.content) else { return .done }
            context.update { $0.communication = found }
            return .done
        }
    }

    /// Sets the badge (a finishing step: applied on every path, just before the handler).
    ///
    /// ```swift
    /// .badge { _ in inbox.unreadCount }      // the inbox's unread count (it already counts this message)
    /// ```
    ///
    /// - Parameter value: Gets the payload's badge, returns the badge to show (`nil` leaves the icon as it is).
    public static func badge(_ value: @escaping @Sendable (_ payloadBadge: Int?) -> Int?) -> Self {
        .finishing("badge") { content, info in
            guard info.disposition == .show else { return }
            content.badge = value(content.badge)
        }
    }

    /// Sets the badge to `current() + amount` (a finishing step). Store the new count yourself (app group) if
    /// `current` reads it from there.
    public static func badgeIncrement(by amount: Int = 1, current: @escaping @Sendable () -> Int) -> Self {
        badge { _ in current() + amount }
    }

    /// Records "received by the service extension" (a finishing step: put it last).
    ///
    /// Runs synchronously just before the content handler on every path (steps finished, deadline,
    /// `timeWillExpire`, dropped), so the record exists before iOS shows the notification and never delays the
    /// handler past the deadline by more than the write itself. A thrown error is reported in the result's
    /// steps; the handler is still called. Not run for ``ServiceExtensionResult/Disposition-swift.enum/notMine``.
    ///
    /// - Parameter record: Writes the receipt (e.g. a `DeliveryLedger` append) from the result as it stands
    ///   (``ServiceExtensionResult/requestIdentifier``, ``ServiceExtensionResult/endDate``, the content, how the
    ///   run ended, the attachments). Keep it synchronous and short.
    public static func receipt(_ record: @escaping @Sendable (ServiceExtensionResult) throws -> Void) -> Self {
        .finishing("receipt") { _, receipt in try record(receipt) }
    }
}
